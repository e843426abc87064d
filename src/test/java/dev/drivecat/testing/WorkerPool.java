package dev.drivecat.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The service's request threads, seen from a test in the same JVM: Quarkus's worker pool
 * ({@code executor-thread-*}) and Vert.x's event loops and workers. A thread is busy while drivecat
 * code is on its stack; an idle pool thread waits for work in the pool's own code. Asserting that
 * the pool is idle after an answer is how a test proves that no request keeps a thread working once
 * it has been answered (or given up on by its client): a property of the pool, not a timing.
 */
public final class WorkerPool {

    /** How long a thread may take to return to the pool after its answer was written (flushing, cleaning up). */
    private static final long SETTLE_MILLIS = 10_000;

    private WorkerPool() {
    }

    /** The pool threads with drivecat code on their stacks now, with the innermost drivecat frame. */
    public static List<String> busy() {
        List<String> busy = new ArrayList<>();
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            String name = thread.getKey().getName();
            if (!isPoolThread(name) || thread.getKey() == Thread.currentThread()) {
                continue;
            }
            Arrays.stream(thread.getValue()).filter(f -> f.getClassName().startsWith("dev.drivecat.")).findFirst()
                    .ifPresent(frame -> busy.add(name + " (" + thread.getKey().getState() + ") in " + frame));
        }
        return busy;
    }

    /**
     * Waits until no pool thread runs drivecat code, and fails naming the threads that still do
     * after {@value #SETTLE_MILLIS} ms: a request that keeps computing after its answer.
     */
    public static void assertIdleAfter(String what) {
        long end = System.currentTimeMillis() + SETTLE_MILLIS;
        List<String> busy = busy();
        while (!busy.isEmpty() && System.currentTimeMillis() < end) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            busy = busy();
        }
        assertThat(busy).as("request threads still working after the answer to %s", what).isEmpty();
    }

    private static boolean isPoolThread(String name) {
        return name.startsWith("executor-thread-") || name.startsWith("vert.x-eventloop-thread-") || name.startsWith("vert.x-worker-thread-");
    }
}
