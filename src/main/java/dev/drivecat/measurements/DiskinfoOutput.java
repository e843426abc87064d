package dev.drivecat.measurements;

import dev.drivecat.common.PastedText;
import dev.drivecat.identity.ToolOutput;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the output of FreeBSD/TrueNAS {@code diskinfo -wS}, the test most people post when they
 * compare SLOG devices. Its "Synchronous random writes" table times one write and its cache flush
 * per block size at queue depth 1; the 4 kbytes row is the 4K sync-write latency. The header's
 * "Disk descr." line names the model or part number.
 */
public final class DiskinfoOutput {

    static final String TOOL = "diskinfo";
    /** A row of the table, on a line read as {@link PastedText#lines} reads it. */
    private static final Pattern ROW = Pattern.compile("([0-9]++(?:\\.[0-9]++)?) kbytes:\\s++([0-9]++(?:\\.[0-9]++)?) usec/IO\\b.*+");

    private DiskinfoOutput() {
    }

    public static SyncWrite parse(String output) {
        List<String> lines = PastedText.lines(output);
        int section = lines.indexOf("Synchronous random writes:");
        if (section < 0) {
            throw new MeasurementRejected(output.contains("kbytes:") || output.contains("# sectorsize")
                    ? "This diskinfo output has no \"Synchronous random writes:\" table: it is not a sync-write test. Post the "
                    + "output of diskinfo -wS (the -w flag allows the write test, -S runs it)"
                    : "The text/plain body is not diskinfo -wS output (no \"Synchronous random writes:\" table). drivecat reads "
                    + "FreeBSD/TrueNAS diskinfo -wS as text/plain and fio --output-format=json as application/json");
        }
        List<String> sizes = new ArrayList<>();
        for (String line : lines.subList(section + 1, lines.size())) {
            if (line.isEmpty()) {
                if (!sizes.isEmpty()) {
                    break;
                }
                continue;
            }
            Matcher row = ROW.matcher(line);
            if (!row.matches()) {
                break;
            }
            sizes.add(row.group(1) + " kbytes");
            if (row.group(1).equals("4")) {
                return new SyncWrite(TOOL, "sync-write", 4096, 1, new BigDecimal(row.group(2)), description(output),
                        line);
            }
        }
        throw new MeasurementRejected("The diskinfo -wS table has no 4 kbytes row (it has "
                + (sizes.isEmpty() ? "no rows" : String.join(", ", sizes)) + "): drivecat ranks by the 4K sync-write latency");
    }

    private static String description(String output) {
        String description = ToolOutput.diskinfoDescription(output);
        return description == null ? null : description.strip();
    }
}
