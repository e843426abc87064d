package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.identity.Identification.Decision;
import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Real smartctl, nvme and diskinfo outputs that no one here wrote (../shared/fixtures/real/identify,
 * read in place; INDEX.tsv gives each one's model string, capacity and drive). Each is read to one
 * device with the model string and the byte count its index states; against the seed catalog none
 * is matched to a drive its index does not name, and each output of a catalog drive is matched.
 */
class RealToolOutputsTest {

    private static final IdentityCatalog CATALOG = SeedCatalog.load();
    private static final IdentityMatcher MATCHER = new IdentityMatcher(CATALOG);
    private static final Pattern BYTES = Pattern.compile("capacity=\"?([0-9][0-9,. ]*[0-9])\\s*(GB)?");
    private static final Pattern DRIVE = Pattern.compile("drive=([^;]+)");

    record Row(String file, String truth) {
    }

    @Test
    void everyOutputReadsToItsDeviceAndNoneMatchesAWrongDrive() throws IOException {
        Path folder = RealFixtures.require("identify");
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve("INDEX.tsv"), StandardCharsets.UTF_8)) {
            String[] cols = line.split("\t", -1);
            if (cols.length > 4 && !cols[0].equals("file")) {
                rows.add(new Row(cols[0], cols[4]));
            }
        }
        assertThat(rows).isNotEmpty();
        List<String> wrong = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        int[] counts = new int[Decision.values().length];
        for (Row row : rows) {
            String output = Files.readString(folder.resolve(row.file()), StandardCharsets.UTF_8);
            List<ToolOutput.Device> devices = ToolOutput.devices(output);
            assertThat(devices).as(row.file() + " is read as one device").hasSize(1);
            ToolOutput.Device device = devices.get(0);
            Matcher bytes = BYTES.matcher(row.truth());
            if (bytes.find()) {
                // the index gives bytes, or for nvme list the decimal GB it prints ("250.06  GB")
                long expected = bytes.group(2) != null ? new BigDecimal(bytes.group(1).trim()).movePointRight(9).longValue()
                        : Long.parseLong(bytes.group(1).replaceAll("[^0-9]", ""));
                assertThat(device.capacityBytes()).as(row.file() + " capacity").isNotNull();
                // nvme list prints GB with two decimals: within 10 MB of the byte count the index gives
                assertThat(Math.abs(device.capacityBytes() - expected)).as(row.file() + " capacity").isLessThan(10_000_000L);
            }
            Identification id = MATCHER.identify(device);
            counts[id.decision().ordinal()]++;
            Matcher drive = DRIVE.matcher(row.truth());
            String truth = drive.find() ? drive.group(1).trim() : row.truth();
            List<IdentityCatalog.Drive> described = CATALOG.drives().stream().filter(d -> names(truth, d)).toList();
            if (id.matched() && described.stream().noneMatch(d -> d.slug().equals(id.drive()))) {
                wrong.add(row.file() + " (" + truth + ") -> " + id.drive() + " " + id.evidence());
            }
            if (described.size() == 1 && !id.matched()) {
                missed.add(row.file() + " (" + truth + ") -> " + id);
            }
        }
        System.out.println("identify/ against the seed catalog: " + rows.size() + " outputs; MATCH " + counts[0] + ", AMBIGUOUS "
                + counts[1] + ", NO_MATCH " + counts[2] + ", NOT_A_DRIVE " + counts[3]);
        assertThat(wrong).as("outputs matched to a drive their index does not name").isEmpty();
        assertThat(missed).as("outputs of a catalog drive that were not matched").isEmpty();
    }

    /** Whether a truth such as "Intel DC S3700 200 GB" names a catalog drive: its model's numbers and its capacity. */
    private static boolean names(String truth, IdentityCatalog.Drive d) {
        String t = " " + Words.plain(truth).replaceAll("[^\\p{L}\\p{N}.]+", " ") + " ";
        for (String w : Words.of(Words.plain(d.model()))) {
            if (Words.hasDigit(w) && !Vocabulary.FAMILY.contains(w) && !t.contains(" " + w + " ")) {
                return false;
            }
        }
        Matcher cap = Pattern.compile("([0-9]+(?:\\.[0-9]+)?) (tb|gb)").matcher(t.toLowerCase(Locale.ROOT));
        if (!cap.find()) {
            return false;
        }
        BigDecimal gb = new BigDecimal(cap.group(1));
        if (cap.group(2).equals("tb")) {
            gb = gb.multiply(BigDecimal.valueOf(1000));
        }
        return gb.compareTo(BigDecimal.valueOf(d.capacityGb())) == 0 && Vocabulary.maker(d.vendor()).equals(Vocabulary.maker(truth.split(" ")[0]));
    }
}
