package dev.drivecat.pools;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What reading the largest paste POST /pools/parse takes costs on one core, without HTTP: 256 KiB
 * (262,144 bytes): zdb -Lbbbs output, then zpool status of large pools (20 RAIDZ2 vdevs of 12 disks
 * named by id, with logs, special, cache and spares), each followed by zpool list -v of a pool
 * shown before, cut at a line end at the limit. {@code read} decodes the bytes and reads them as the endpoint does; the
 * pool question and the histogram sizing are what the next step adds. Run with
 * {@code src/bench/jmh.sh PoolPasteBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
public class PoolPasteBenchmark {

    private byte[] paste;
    private PoolPaste read;

    @Setup
    public void paste() {
        StringBuilder text = new StringBuilder();
        String zdb = PoolOutputParserTest.fixture("zdb-2.4-dedup-class.txt");
        String list = PoolOutputParserTest.fixture("list-v-and-status-one-pool.txt");
        text.append(zdb).append('\n');
        for (int pool = 0; text.length() < PoolPastes.MAX_BYTES; pool++) {
            text.append(status("tank" + pool)).append('\n').append(list).append('\n');
        }
        int end = text.lastIndexOf("\n", PoolPastes.MAX_BYTES - 1) + 1;
        paste = text.substring(0, end).getBytes(StandardCharsets.UTF_8);
        read = PoolPastes.read(paste);
        if (read.pools().size() < 5 || read.blockHistogram() == null) {
            throw new IllegalStateException("the benchmark's paste reads to " + read.pools().size() + " pools");
        }
    }

    static String status(String name) {
        StringBuilder s = new StringBuilder("root@storage:~# zpool status -v " + name + "\n  pool: " + name + "\n state: ONLINE\n"
                + "  scan: scrub repaired 0B in 11:02:37 with 0 errors on Sun Mar  8 11:26:38 2026\nconfig:\n\n"
                + "\tNAME                                  STATE     READ WRITE CKSUM\n");
        s.append(String.format("\t%-36s  ONLINE       0     0     0\n", name));
        int disk = 0;
        for (int vdev = 0; vdev < 20; vdev++) {
            s.append(String.format("\t  %-34s  ONLINE       0     0     0\n", "raidz2-" + vdev));
            for (int k = 0; k < 12; k++) {
                s.append(String.format("\t    %-32s  ONLINE       0     0     0\n", "ata-ST18000NM000J-2TV103_ZR5" + 10_000 + disk++));
            }
        }
        s.append("\tspecial\t\n\t  mirror-20                           ONLINE       0     0     0\n");
        for (int k = 0; k < 3; k++) {
            s.append(String.format("\t    %-32s  ONLINE       0     0     0\n", "nvme-SAMSUNG_MZQL21T9HCJR-00A07_S64G" + k));
        }
        s.append("\tlogs\t\n\t  mirror-21                           ONLINE       0     0     0\n"
                + "\t    nvme-INTEL_SSDPF21Q400GB_PHAL0001  ONLINE       0     0     0\n"
                + "\t    nvme-INTEL_SSDPF21Q400GB_PHAL0002  ONLINE       0     0     0\n"
                + "\tcache\n\t  nvme-SAMSUNG_MZ1L21T9HCLS_S665N0  ONLINE       0     0     0\n"
                + "\tspares\n\t  ata-ST18000NM000J-2TV103_ZR599990  AVAIL\n\nerrors: No known data errors\n");
        return s.toString();
    }

    @Benchmark
    public PoolPaste read() {
        return PoolPastes.read(paste);
    }

    @Benchmark
    public Object questionAndSizing() {
        PoolPaste.Pool pool = read.pools().get(0);
        return new Object[] {PoolQuestion.of(pool, read.blockHistogram()), HistogramSizing.of(read.blockHistogram(), pool)};
    }
}
