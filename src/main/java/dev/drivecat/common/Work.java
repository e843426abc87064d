package dev.drivecat.common;

import io.smallrye.common.vertx.ContextLocals;
import io.smallrye.common.vertx.VertxContext;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Whether the work of the current request is still wanted: not once its client has gone or its
 * deadline has passed. The web layer gives every request its {@link Limit} ({@link #limit}), kept
 * in the request's Vert.x context so that {@link #check()} finds it on whichever thread runs the
 * request; loops over what a request brings (the readers of pasted text) call {@link #check()}
 * every so often, and it throws {@link Stopped} once the work is no longer wanted. Outside a
 * request (a scheduled job, a test, a benchmark) nothing stops.
 */
public final class Work {

    private static final String KEY = "drivecat.work-limit";

    /**
     * One request's bounds.
     *
     * @param deadlineNanos when the work must be over, on {@link System#nanoTime()}'s clock
     * @param deadline the deadline as configured, for the answer
     * @param clientGone true once the client has closed its connection
     */
    public record Limit(long deadlineNanos, Duration deadline, BooleanSupplier clientGone) {

        /** Why the work must stop, or null while it may go on. */
        String stopReason() {
            if (clientGone.getAsBoolean()) {
                return "its client has gone";
            }
            if (System.nanoTime() - deadlineNanos >= 0) {
                return "it ran past its deadline of " + (deadline.toMillis() % 1000 == 0 ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms");
            }
            return null;
        }
    }

    /** Work stopped because nobody wants its result any more. */
    public static final class Stopped extends DomainException {

        Stopped(String reason) {
            super(Kind.UNAVAILABLE, "This request was stopped before it was answered: " + reason + ". Nothing was changed; "
                    + "send it again, smaller if it was a large paste");
        }
    }

    private Work() {
    }

    /** Gives the request of the current Vert.x context its bounds; without one (no request) it does nothing. */
    public static void limit(Duration deadline, BooleanSupplier clientGone) {
        if (VertxContext.isOnDuplicatedContext()) {
            ContextLocals.put(KEY, new Limit(System.nanoTime() + deadline.toNanos(), deadline, clientGone));
        }
    }

    /** Throws {@link Stopped} when the current request's client has gone or its deadline has passed. */
    public static void check() {
        if (!VertxContext.isOnDuplicatedContext()) {
            return;
        }
        Limit limit = ContextLocals.<Limit>get(KEY).orElse(null);
        String reason = limit == null ? null : limit.stopReason();
        if (reason != null) {
            throw new Stopped(reason);
        }
    }
}
