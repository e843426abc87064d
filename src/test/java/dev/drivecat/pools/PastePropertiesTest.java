package dev.drivecat.pools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.drivecat.common.DomainException;
import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Property: whatever is pasted, reading it never throws. Mutations of the real outputs (read in
 * place; left out with a message when the shared folder is absent) and of this module's own
 * fixtures are read by the parser, the reject-or-answer step of POST /pools/parse, and the two
 * sizing functions: each answers, or refuses with the 400 problem, and nothing else. Seeded:
 * {@code -Dpools.seed=…} replays a run, {@code -Dpools.tries=…} changes its length.
 */
class PastePropertiesTest {

    static final long SEED = Long.getLong("pools.seed", 20261203L);
    static final int TRIES = Integer.getInteger("pools.tries", 4000);
    private static final String[] FIXTURES = {"status-draid-special-logs.txt", "status-degraded-nested-missing.txt",
            "status-every-section-dedup-table.txt", "status-lost-indentation.txt", "list-v-and-status-one-pool.txt",
            "zdb-2.4-dedup-class.txt", "zdb-bbbP-levels-before-2.2.txt", "zdb-vdev-table-cut-histogram.txt"};
    private static final String[] HOSTILE = {"-", "", "99999999999999999999", "9999999999E", "1.79T", "L99999999999", "\u0000",
            "\u001b[31m", "\t\t\t", "mirror-0", "raidz9-1", "draid2:99999999999d:1c:0s-0", "spare-0", "logs", "cache", ":", "(special)",
            "NAME", "STATE", "pool:", "errors:", "\uFFFD", "𝓩𝓕𝓢", "16M:", "Metadata", "Total", "-nan%", "L0", "```"};

    /** The pastes mutations start from: the real outputs when the shared folder is there, and the fixtures. */
    static List<String> seeds() {
        List<String> seeds = new ArrayList<>();
        for (String name : FIXTURES) {
            seeds.add(PoolOutputParserTest.fixture(name));
        }
        Path real = RealFixtures.root().resolve("zfs");
        if (Files.isDirectory(real)) {
            try (Stream<Path> files = Files.walk(real)) {
                files.filter(f -> f.toString().endsWith(".txt")).sorted().forEach(f -> seeds.add(read(f)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            System.out.println("PastePropertiesTest: the shared real outputs are not at " + real + "; mutating the fixtures only");
        }
        return seeds;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One random change of a paste (or two, or three). */
    static String mutate(String paste, List<String> seeds, Random r) {
        String out = paste;
        int changes = 1 + r.nextInt(3);
        for (int k = 0; k < changes; k++) {
            List<String> lines = new ArrayList<>(Arrays.asList(out.split("\n", -1)));
            int at = r.nextInt(lines.size());
            switch (r.nextInt(12)) {
                case 0 -> out = out.substring(0, r.nextInt(out.length() + 1));
                case 1 -> {
                    lines.remove(at);
                    out = String.join("\n", lines);
                }
                case 2 -> {
                    lines.add(at, lines.get(r.nextInt(lines.size())));
                    out = String.join("\n", lines);
                }
                case 3 -> out = String.join("\n", lines.stream().map(String::strip).toList());
                case 4 -> out = String.join("\n", lines.stream().map(l -> " ".repeat(r.nextInt(12)) + l.strip()).toList());
                case 5 -> {
                    String[] words = lines.get(at).split(" ", -1);
                    words[r.nextInt(words.length)] = HOSTILE[r.nextInt(HOSTILE.length)];
                    lines.set(at, String.join(" ", words));
                    out = String.join("\n", lines);
                }
                case 6 -> {
                    int cut = r.nextInt(out.length() + 1);
                    out = out.substring(0, cut) + HOSTILE[r.nextInt(HOSTILE.length)] + out.substring(cut);
                }
                case 7 -> out = out.replace('\n', r.nextBoolean() ? '\r' : ' ');
                case 8 -> {
                    java.util.Collections.shuffle(lines, r);
                    out = String.join("\n", lines);
                }
                case 9 -> out = out + "\n" + seeds.get(r.nextInt(seeds.size()));
                case 10 -> out = out.replace("\t", "").replace("  ", " ");
                default -> {
                    lines.add(at, "```");
                    out = String.join("\n", lines);
                }
            }
        }
        return out;
    }

    /** What the service does with a paste, without HTTP: an answer or the 400; the sizing functions answer too. */
    static void readsWithoutFailing(String paste) {
        PoolPaste read;
        try {
            read = PoolPastes.read(paste.getBytes(StandardCharsets.UTF_8));
        } catch (DomainException refused) {
            assertThat(refused.kind()).isEqualTo(DomainException.Kind.INVALID_BODY);
            return;
        }
        assertThat(read.isEmpty()).isFalse();
        assertThat(read.warnings()).hasSizeLessThanOrEqualTo(Warnings.MAX + 1).allMatch(w -> w.length() < 600);
        for (PoolPaste.Pool pool : read.pools()) {
            PoolQuestion q = PoolQuestion.of(pool, read.blockHistogram());
            assertThat(q.description()).startsWith("from your pool: ");
            for (PoolPaste.Vdev vdev : pool.vdevs()) {
                assertThat(vdev.width()).isNotNegative();
            }
        }
        if (read.blockHistogram() != null) {
            HistogramSizing sizing = HistogramSizing.of(read.blockHistogram(), read.pools().isEmpty() ? null : read.pools().get(0));
            assertThat(sizing.cutoffs()).hasSize(HistogramSizing.CUTOFFS.size());
        }
    }

    @Test
    void mutatedAndTruncatedPastesAreReadOrRefusedNeverFail() {
        List<String> seeds = seeds();
        Random random = new Random(SEED);
        for (int k = 0; k < TRIES; k++) {
            String paste = mutate(seeds.get(random.nextInt(seeds.size())), seeds, random);
            try {
                readsWithoutFailing(paste);
            } catch (RuntimeException | AssertionError e) {
                fail("try " + k + " of seed " + SEED + " (-Dpools.seed=" + SEED + "): " + e + "\n--- paste ---\n"
                        + (paste.length() > 4000 ? paste.substring(0, 4000) + "…" : paste), e);
            }
        }
    }

    @Test
    void everyPrefixOfEveryPasteIsReadOrRefused() {
        for (String seed : seeds()) {
            for (int end = 0; end <= seed.length(); end += Math.max(1, seed.length() / 200)) {
                readsWithoutFailing(seed.substring(0, end));
            }
        }
    }

    @Test
    void bytesThatAreNoTextAreRefused() {
        Random random = new Random(SEED);
        for (int k = 0; k < 200; k++) {
            byte[] bytes = new byte[1 + random.nextInt(8192)];
            random.nextBytes(bytes);
            assertThatThrownBy(() -> PoolPastes.read(bytes)).as("try %d of seed %d", k, SEED).isInstanceOfSatisfying(
                    DomainException.class, refused -> {
                        assertThat(refused.kind()).isEqualTo(DomainException.Kind.INVALID_BODY);
                        assertThat(refused.details()).containsKey("expected");
                    });
        }
    }
}
