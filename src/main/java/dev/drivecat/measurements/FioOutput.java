package dev.drivecat.measurements;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads {@code fio --output-format=json} of a 4K queue-depth-1 synchronous write job: a write or
 * randwrite job with sync=1 (every write is O_SYNC, so {@code write.lat_ns} already holds the
 * flush) or with fsync=1 / fdatasync=1 (a flush after every write, timed apart in
 * {@code sync.lat_ns}: the latency of one durable write is the two means added). Options are
 * taken from the job, else from the global options, else fio's defaults (iodepth 1, bs 4k).
 */
public final class FioOutput {

    static final String TOOL = "fio";

    private FioOutput() {
    }

    public static SyncWrite parse(JsonNode root) {
        JsonNode jobs = root == null ? null : root.get("jobs");
        if (jobs == null || !jobs.isArray() || jobs.isEmpty()) {
            throw new MeasurementRejected("The JSON body is not fio --output-format=json output (it has no \"jobs\" array)");
        }
        JsonNode global = root.path("global options");
        List<String> refused = new ArrayList<>();
        List<SyncWrite> found = new ArrayList<>();
        for (JsonNode job : jobs) {
            String name = job.path("jobname").asText("job " + (found.size() + refused.size() + 1));
            JsonNode options = job.path("job options");
            Optional<String> why = notSyncWrite(options, global);
            if (why.isPresent()) {
                refused.add("\"" + name + "\": " + why.get());
                continue;
            }
            found.add(measure(name, job, options, global));
        }
        if (found.isEmpty()) {
            throw new MeasurementRejected("No job in this fio output is a 4K queue-depth-1 synchronous write test ("
                    + String.join("; ", refused) + "). drivecat needs rw=write or randwrite, bs=4k, iodepth=1, and sync=1, "
                    + "fsync=1 or fdatasync=1");
        }
        if (found.size() > 1) {
            throw new MeasurementRejected("This fio output has " + found.size() + " synchronous 4K write jobs; post one job's "
                    + "output per measurement");
        }
        return found.get(0);
    }

    private static Optional<String> notSyncWrite(JsonNode options, JsonNode global) {
        String rw = option(options, global, "rw").or(() -> option(options, global, "readwrite")).orElse("read");
        if (!rw.equals("write") && !rw.equals("randwrite")) {
            return Optional.of("rw=" + rw + " is not a write test");
        }
        long bs = option(options, global, "bs").or(() -> option(options, global, "blocksize")).map(FioOutput::bytes).orElse(4096L);
        if (bs != 4096) {
            return Optional.of("bs=" + option(options, global, "bs").orElse("?") + " is not 4k");
        }
        String depth = option(options, global, "iodepth").orElse("1");
        if (!depth.equals("1")) {
            return Optional.of("iodepth=" + depth + " is not 1");
        }
        if (syncTest(options, global).isEmpty()) {
            String fsync = option(options, global, "fsync").or(() -> option(options, global, "fdatasync")).orElse(null);
            return Optional.of(fsync != null && !fsync.equals("0")
                    ? "fsync/fdatasync=" + fsync + " flushes only every " + fsync + " writes, not after each"
                    : "neither sync=1 nor fsync=1 nor fdatasync=1: its writes may sit in the drive's cache");
        }
        return Optional.empty();
    }

    /** sync-write, fsync or fdatasync; empty when the job does not make every write durable. */
    private static Optional<String> syncTest(JsonNode options, JsonNode global) {
        String sync = option(options, global, "sync").orElse("0").toLowerCase(Locale.ROOT);
        if (sync.equals("1") || sync.equals("sync") || sync.equals("dsync") || sync.equals("true")) {
            return Optional.of("sync-write");
        }
        if (option(options, global, "fsync").filter("1"::equals).isPresent()) {
            return Optional.of("fsync");
        }
        if (option(options, global, "fdatasync").filter("1"::equals).isPresent()) {
            return Optional.of("fdatasync");
        }
        return Optional.empty();
    }

    private static SyncWrite measure(String name, JsonNode job, JsonNode options, JsonNode global) {
        String test = syncTest(options, global).orElseThrow();
        JsonNode write = job.path("write");
        double writeNs = write.path("lat_ns").path("mean").asDouble(Double.NaN);
        if (!(writeNs > 0)) {
            throw new MeasurementRejected("fio job \"" + name + "\" has no write.lat_ns.mean: it wrote nothing, or this is not "
                    + "fio 3's JSON output");
        }
        double totalNs = writeNs;
        String line = String.format(Locale.ROOT, "job \"%s\": write lat_ns mean %.1f", name, writeNs);
        if (!test.equals("sync-write")) {
            double syncNs = job.path("sync").path("lat_ns").path("mean").asDouble(Double.NaN);
            if (!(syncNs > 0)) {
                throw new MeasurementRejected("fio job \"" + name + "\" runs " + test + "=1 but reports no sync.lat_ns.mean, so "
                        + "the flush time is unknown");
            }
            totalNs += syncNs;
            line += String.format(Locale.ROOT, ", sync lat_ns mean %.1f", syncNs);
        }
        BigDecimal us = BigDecimal.valueOf(totalNs / 1000).setScale(3, RoundingMode.HALF_UP);
        return new SyncWrite(TOOL, test, 4096, 1, us, null, line);
    }

    private static Optional<String> option(JsonNode options, JsonNode global, String name) {
        JsonNode v = options.get(name);
        if (v == null || v.isNull()) {
            v = global.get(name);
        }
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText().trim());
    }

    /** fio sizes: 4k, 4K, 4KiB, 4kb and 4096 are all 4096 bytes (fio's k is 1024). */
    static long bytes(String size) {
        String s = size.trim().toLowerCase(Locale.ROOT).replace("ib", "").replace("b", "");
        long factor = 1;
        if (s.endsWith("k")) {
            factor = 1024;
            s = s.substring(0, s.length() - 1);
        } else if (s.endsWith("m")) {
            factor = 1024 * 1024;
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Long.parseLong(s) * factor;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
