package dev.drivecat.web;

import dev.drivecat.common.DomainException;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.SeedCatalog;
import dev.drivecat.identity.ToolOutput;
import dev.drivecat.measurements.DiskinfoOutput;
import dev.drivecat.pools.PoolPastes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The worst case per KiB of reading pasted text, on one core, without HTTP: every paste
 * {@link HostileClassesTest#everyPasteIsReadWithinTheDeadlineAndAnsweredWithinItsBound} sends a
 * reader (one character and newlines, the examples repeated, every line a new name, each line alone
 * repeated, words between runs of white space, lines of one word), at the reader's body limit, is
 * read a few times first; the one that costs the most per KiB is then measured. The setup prints
 * which paste that is and its size, so that the score divides into µs per KiB. {@code identify}
 * reads a tool output and identifies its devices (at most 32) against the seed catalog as
 * POST /identify does; {@code pools} is POST /pools/parse's reading; {@code diskinfo} is
 * POST /admin/measurements' reading of a diskinfo -wS output. Run with
 * {@code src/bench/jmh.sh HostilePasteBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
public class HostilePasteBenchmark {

    @Param({"identify", "pools", "diskinfo"})
    public String reader;

    private byte[] worst;
    private IdentityMatcher matcher;

    @Setup(Level.Trial)
    public void findTheWorstPaste() {
        matcher = new IdentityMatcher(SeedCatalog.load());
        Map<String, byte[]> pastes = pastes(reader);
        String worstName = null;
        double worstPerKib = -1;
        for (int round = 0; round < 3; round++) {
            for (Map.Entry<String, byte[]> paste : pastes.entrySet()) {
                long start = System.nanoTime();
                read(paste.getValue());
                double perKib = (System.nanoTime() - start) / 1000.0 / (paste.getValue().length / 1024.0);
                if (round == 2 && perKib > worstPerKib) {
                    worstPerKib = perKib;
                    worstName = paste.getKey();
                    worst = paste.getValue();
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n%s: the worst of %d pastes is %s, %d bytes (%.1f KiB): divide the score by %.1f for µs per KiB%n",
                reader, pastes.size(), worstName, worst.length, worst.length / 1024.0, worst.length / 1024.0);
    }

    @Benchmark
    public Object readTheWorstPaste() {
        return read(worst);
    }

    private Object read(byte[] paste) {
        String text = new String(paste, StandardCharsets.UTF_8);
        try {
            return switch (reader) {
                case "identify" -> {
                    List<ToolOutput.Device> devices = ToolOutput.devices(text);
                    yield devices.isEmpty() ? matcher.identify(text) : devices.stream().limit(32).map(matcher::identify).toList();
                }
                case "pools" -> PoolPastes.read(paste);
                case "diskinfo" -> DiskinfoOutput.parse(text);
                default -> throw new IllegalArgumentException(reader);
            };
        } catch (DomainException refused) {
            return refused;
        }
    }

    /** The pastes HostileClassesTest sends the reader's operation, at its limit. */
    static Map<String, byte[]> pastes(String reader) {
        int limit = reader.equals("pools") ? PoolPastes.MAX_BYTES : 65_536;
        List<String> examples = new ArrayList<>();
        switch (reader) {
            case "identify" -> {
                examples.add(ApiFuzzTest.SMARTCTL);
                HostileClassesTest.PASTE_EXAMPLES.get("POST /identify").forEach(r -> examples.add(resource(r)));
            }
            case "pools" -> {
                examples.add(ApiFuzzTest.validBody(new ApiFuzzTest.Operation("post", "/pools/parse", null, null), "text/plain"));
                HostileClassesTest.PASTE_EXAMPLES.get("POST /pools/parse").forEach(r -> examples.add(resource(r)));
            }
            case "diskinfo" -> examples.add(ApiFuzzTest.validBody(new ApiFuzzTest.Operation("post", "/admin/measurements", null, null),
                    "text/plain"));
            default -> throw new IllegalArgumentException(reader);
        }
        Map<String, byte[]> pastes = new LinkedHashMap<>();
        pastes.put("one character and newlines", ("x" + "\n".repeat(limit - 1)).getBytes(StandardCharsets.UTF_8));
        for (int e = 0; e < examples.size(); e++) {
            HostileClassesTest.hostilePastes("example " + e, examples.get(e), limit)
                    .forEach((name, paste) -> pastes.put(name, paste.getBytes(StandardCharsets.UTF_8)));
        }
        return pastes;
    }

    private static String resource(String name) {
        try (InputStream in = HostilePasteBenchmark.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
