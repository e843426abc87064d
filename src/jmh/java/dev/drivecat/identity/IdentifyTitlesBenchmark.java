package dev.drivecat.identity;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Titles identified per second on one core, against the seed catalog plus 10,000 drives built as
 * src/bench/generate-catalog.sql builds the benchmark's (eight vendors, models "Bench N", its cycles
 * of capacities and form factors), each with a part number. The titles cycle through four kinds in
 * equal shares: a benchmark drive named by model, capacity and form factor; one named by its part
 * number; a seed drive as a marketplace writes it; and a title that is no drive or no catalog drive.
 * Run with {@code src/bench/jmh.sh IdentifyTitlesBenchmark}; figures in src/docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
public class IdentifyTitlesBenchmark {

    private static final String[] VENDORS = {"Acme", "Bolt", "Cirrus", "Dyna", "Ember", "Flux", "Gale", "Halo"};
    private static final int[] CAPACITIES = {240, 480, 960, 1920, 3840, 375, 400, 800};
    private static final Interface[] BUSES = {Interface.SATA, Interface.NVME, Interface.NVME, Interface.NVME, Interface.SAS, Interface.NVME};
    private static final FormFactor[] FORMS = {FormFactor.INCH_2_5, FormFactor.M2_2280, FormFactor.U2, FormFactor.AIC, FormFactor.INCH_2_5,
            FormFactor.E1S};
    private static final String[] SEED_TITLES = {
            "Intel Optane SSD DC P4800X 375GB U.2 NVMe 3D XPoint",
            "SSD диск Samsung PM893 240GB 2.5\" SATAIII TLC (MZ7L3240HCHQ-00W07)",
            "Micron 7450 PRO 960GB M.2 NVMe PCIe 4.0 3D NAND (TLC) (MTFDKBA960TFR-1BC1ZABYYR)",
            "SAMSUNG 990 PRO SSD 2TB PCIe 4.0 M.2 2280 Internal Solid State Hard Drive MZ-V9P2T0B/AM",
            "Kingston DC600M 960GB 2.5in SATA Enterprise SSD SEDC600M/960G",
            "Intel Optane SSD 900P Series (480GB AIC PCIe X4 3D XPoint)"};
    private static final String[] OTHER_TITLES = {
            "2.5\" SFF caddy tray for Dell PowerEdge R730 R740 G176J",
            "Lot of 10 Mixed Brand Mixed Speed 1TB 2.5\" SATA Hard Drive HDD Tested Wiped",
            "WD_BLACK 8TB SN850X NVMe Internal Gaming Solid State Drive with Heatsink - Works with PlayStation 5",
            "Lenovo Legion 5 15.1\" WQXGA 165Hz Ultra 9 275HX 16GB RAM 1TB SSD RTX 5070",
            "Seagate Xbox Expansion Card 1TB STJR1000400",
            "Crucial P310 2TB M.2 2230 NVMe PCIe Gen4 SSD CT2000P310SSD2"};

    private IdentityMatcher matcher;
    private String[] titles;
    private int next;

    @Setup
    public void catalog() {
        IdentityCatalog seed = SeedCatalog.load();
        List<IdentityCatalog.Drive> drives = new ArrayList<>(seed.drives());
        for (int i = 1; i <= 10_000; i++) {
            drives.add(new IdentityCatalog.Drive(String.format("bench-%05d", i), VENDORS[i % 8], "Bench " + (i / 10), CAPACITIES[(i / 7) % 8],
                    BUSES[i % 6], FORMS[i % 6], List.of(new IdentityCatalog.PartNumber(String.format("BX%05dQZ%d", i, i % 10), null)),
                    List.of()));
        }
        matcher = new IdentityMatcher(IdentityCatalog.of(drives, seed.series()));
        Random random = new Random(2026);
        titles = new String[4096];
        String[] expected = new String[titles.length];
        for (int k = 0; k < titles.length; k++) {
            int i = 1 + random.nextInt(10_000);
            expected[k] = k % 4 < 2 ? String.format("bench-%05d", i) : null;
            titles[k] = switch (k % 4) {
                case 0 -> VENDORS[i % 8] + " Bench " + (i / 10) + " " + CAPACITIES[(i / 7) % 8] + "GB " + FORMS[i % 6].label() + " "
                        + BUSES[i % 6].token().toUpperCase(java.util.Locale.ROOT) + " enterprise SSD";
                case 1 -> "New sealed " + String.format("BX%05dQZ%d", i, i % 10) + " data center SSD";
                case 2 -> SEED_TITLES[random.nextInt(SEED_TITLES.length)];
                default -> OTHER_TITLES[random.nextInt(OTHER_TITLES.length)];
            };
        }
        // The figure is worth nothing if the titles are not identified as meant: check every one first.
        for (int k = 0; k < titles.length; k++) {
            Identification id = matcher.identify(titles[k]);
            boolean right = switch (k % 4) {
                case 0, 1 -> id.matched() && id.drive().equals(expected[k]);
                case 2 -> id.matched();
                default -> !id.matched();
            };
            if (!right) {
                throw new IllegalStateException("benchmark title identified wrongly: " + titles[k] + " -> " + id);
            }
        }
    }

    @Benchmark
    public void identify(Blackhole hole) {
        hole.consume(matcher.identify(titles[next++ & (titles.length - 1)]));
    }
}
