package dev.drivecat.testing;

import dev.drivecat.database.EmbeddedDatabase;
import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.database.EmbeddedDatabase.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded PostgreSQL of a child service, seen from outside as an operator (or the OOM killer)
 * sees it: the postmaster named in {@code <data dir>/postgres/postmaster.pid}, and its processes.
 */
public final class Postmaster {

    private final Path cluster;

    private Postmaster(Path cluster) {
        this.cluster = cluster;
    }

    /** The server of the service whose DRIVECAT_DATA_DIR is {@code dataDir}. */
    public static Postmaster of(Path dataDir) {
        return new Postmaster(dataDir.resolve("postgres"));
    }

    public long pid() {
        return Long.parseLong(lines().get(0).trim());
    }

    public int port() {
        return Integer.parseInt(lines().get(3).trim());
    }

    /** How the role logs in to this server, with the password the service keeps in the cluster. */
    public Login login(Role role) {
        try {
            return EmbeddedDatabase.login(cluster, port(), role);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SIGKILL to the postmaster alone, as the OOM killer does; waits until it is gone. */
    public long kill() {
        long pid = pid();
        signal("KILL", List.of(pid));
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        return pid;
    }

    /** After a test: a postmaster left running (the service was killed with SIGKILL) is killed too. */
    public void killIfRunning() {
        try {
            ProcessHandle.of(pid()).filter(ProcessHandle::isAlive).ifPresent(p -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            });
        } catch (UncheckedIOException e) {
            // no postmaster.pid: nothing runs
        }
    }

    /** SIGSTOP to the postmaster and every process of its server: the database stops answering, nothing exits. */
    public List<Long> freeze() {
        List<Long> pids = new ArrayList<>();
        ProcessHandle postmaster = ProcessHandle.of(pid()).orElseThrow();
        pids.add(postmaster.pid());
        postmaster.children().forEach(p -> pids.add(p.pid()));
        signal("STOP", pids);
        return pids;
    }

    /** SIGCONT to the processes {@link #freeze()} stopped. */
    public void thaw(List<Long> pids) {
        signal("CONT", pids);
    }

    private static void signal(String signal, List<Long> pids) {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(p -> command.add(Long.toString(p)));
        try {
            int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + exit);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private List<String> lines() {
        try {
            return Files.readAllLines(cluster.resolve("postmaster.pid"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
