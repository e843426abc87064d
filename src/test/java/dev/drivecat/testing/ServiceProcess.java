package dev.drivecat.testing;

import dev.drivecat.database.EmbeddedDatabase.Login;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged service (target/quarkus-app/quarkus-run.jar) run as a child process, for tests
 * that kill it, stop its database or run two of it. Its output goes to target/it-logs/.
 */
public final class ServiceProcess implements AutoCloseable {

    public static final String ADMIN_TOKEN = "it-admin-token";

    private final String name;
    private final int port;
    private final Process process;
    private final Path log;

    private ServiceProcess(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    public static Builder named(String name) {
        return new Builder(name);
    }

    public static final class Builder {
        private final String name;
        private final Map<String, String> env = new LinkedHashMap<>();
        private final List<String> jvm = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
            env.put("DRIVECAT_ADMIN_TOKEN", ADMIN_TOKEN);
            env.put("DRIVECAT_SCRAPE_CRON", "off");
            env.put("DRIVECAT_DIGEST_CRON", "off");
            env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
            env.put("DRIVECAT_RATE_LIMITS_RECOMMEND_PER_MINUTE", "0");
        }

        public Builder database(Login login) {
            env.put("QUARKUS_DATASOURCE_JDBC_URL", login.jdbcUrl());
            env.put("QUARKUS_DATASOURCE_USERNAME", login.user());
            env.put("QUARKUS_DATASOURCE_PASSWORD", login.password());
            return this;
        }

        public Builder env(String key, String value) {
            env.put(key, value);
            return this;
        }

        /** Resolves host names only from this file (no DNS): marketplace hosts can point at a local server. */
        public Builder hostsFile(Path hosts) {
            jvm.add("-Djdk.net.hosts.file=" + hosts.toAbsolutePath());
            return this;
        }

        public ServiceProcess start() {
            String jar = System.getProperty("drivecat.service.jar", "target/quarkus-app/quarkus-run.jar");
            if (!Files.isRegularFile(Path.of(jar))) {
                throw new IllegalStateException(jar + " is missing: these tests run in `./mvnw verify`, after packaging");
            }
            int port = freePort();
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx512m"));
            // options of the build, not of the service (pom.xml: the C1 compiler only, for short-lived test JVMs)
            String options = System.getProperty("drivecat.it.jvm-options", "").strip();
            if (!options.isEmpty()) {
                command.addAll(List.of(options.split("\\s+")));
            }
            command.addAll(jvm);
            command.addAll(List.of("-jar", jar));
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().putAll(env);
            pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
            try {
                Path dir = Files.createDirectories(Path.of("target", "it-logs"));
                Path log = dir.resolve(name + "-" + Instant.now().toEpochMilli() + ".log");
                pb.redirectErrorStream(true).redirectOutput(log.toFile());
                return new ServiceProcess(name, port, pb.start(), log);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A request to a child service with its admin token. */
    public static io.restassured.specification.RequestSpecification admin() {
        return io.restassured.RestAssured.given().header("Authorization", "Bearer " + ADMIN_TOKEN);
    }

    public int port() {
        return port;
    }

    public String url(String path) {
        return "http://localhost:" + port + path;
    }

    public ServiceProcess awaitReady(Duration timeout) {
        HttpClient http = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url("/q/health/ready")))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return this;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(250);
        }
        throw new IllegalStateException(name + " was not ready within " + timeout + ":\n" + logTail());
    }

    /** SIGKILL: no shutdown hook, no cleanup. */
    public void kill() {
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(30));
    }

    /**
     * SIGSTOP: the process runs no further instruction until killed, so whatever happens outside it
     * from now on (an SMTP server answering) is something it never saw.
     */
    public void freeze() {
        try {
            int exit = new ProcessBuilder("kill", "-STOP", Long.toString(process.pid())).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("kill -STOP " + process.pid() + " exited with " + exit);
            }
            // the signal stops each thread as it next enters the kernel: wait until every one has
            Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
            for (int i = 0; i < 500; i++) {
                try (var threads = Files.list(tasks)) {
                    if (threads.allMatch(ServiceProcess::stopped)) {
                        return;
                    }
                }
                sleep(10);
            }
            throw new IllegalStateException(name + " did not stop within 5 s of SIGSTOP");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean stopped(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2); // "pid (comm) S ..."
            return state == 'T' || state == 't';
        } catch (IOException e) {
            return true; // the thread has gone
        }
    }

    /** SIGTERM: the service's own graceful shutdown. */
    public int terminate(Duration timeout) {
        process.destroy();
        return waitFor(timeout);
    }

    public int waitFor(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " did not exit within " + timeout + ":\n" + logTail());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public boolean alive() {
        return process.isAlive();
    }

    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String logTail() {
        String all = log();
        return all.length() > 6000 ? all.substring(all.length() - 6000) : all;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            waitFor(Duration.ofSeconds(30));
        }
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
