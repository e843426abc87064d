package dev.drivecat.measurements;

import dev.drivecat.common.Text;
import java.math.BigDecimal;

/**
 * What a benchmark output says about one drive's synchronous 4K writes: the latency of one write
 * that is on stable storage when it returns (a write plus its cache flush), and where in the
 * output that number stands.
 *
 * @param tool {@code diskinfo} or {@code fio}
 * @param test {@code sync-write} (each write synchronous: diskinfo -wS, fio sync=1), {@code fsync}
 *             or {@code fdatasync} (a write followed by that call: fio fsync=1 / fdatasync=1)
 * @param latencyUs the mean time per synchronous write, write and flush together, in microseconds
 * @param deviceDescription the model or part number as the output names it, if it does
 * @param rawLine the output's own line (diskinfo) or numbers (fio) the latency was read from
 */
public record SyncWrite(String tool, String test, int blockSizeBytes, int queueDepth, BigDecimal latencyUs,
                        String deviceDescription, String rawLine) {

    /** Text from a posted output, on one line, without control characters. */
    public SyncWrite {
        tool = Text.singleLine(tool);
        test = Text.singleLine(test);
        deviceDescription = Text.singleLine(deviceDescription);
        rawLine = Text.singleLine(rawLine);
    }
}
