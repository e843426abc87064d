package dev.drivecat.pools;

import static dev.drivecat.pools.PoolOutputParserTest.bytes;
import static dev.drivecat.pools.PoolOutputParserTest.shapes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.specs.SpecFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every real zpool and zdb output in ../shared/fixtures/real/zfs, read in place, reads to the true
 * values its INDEX.tsv row states (transcribed below, one check per file; a file INDEX.tsv lists
 * without a check here fails). Skipped, saying why, when the folder is absent.
 */
class RealZfsOutputsTest {

    private static final Map<String, Consumer<PoolPaste>> CHECKS = new LinkedHashMap<>();

    private static void check(String file, Consumer<PoolPaste> check) {
        CHECKS.put(file, check);
    }

    private static void pools(PoolPaste paste, String... nameAndState) {
        assertThat(paste.pools()).extracting(p -> p.name() + " " + p.state()).containsExactly(nameAndState);
    }

    private static void vdevs(PoolPaste paste, int pool, String... shapes) {
        assertThat(shapes(paste.pools().get(pool))).containsExactly(shapes);
    }

    private static void cumulative(PoolPaste paste, String... rowAndSize) {
        for (String pair : rowAndSize) {
            String[] p = pair.split("=");
            assertThat(paste.blockHistogram().asizeAtOrBelow()).as("asize Cum. at " + p[0]).containsEntry(p[0], bytes(p[1]));
        }
    }

    static {
        check("zpool/01-smartos-3way-mirror-log-degraded.txt", p -> {
            pools(p, "zones DEGRADED");
            vdevs(p, 0, "data mirror 3: c1t1d0s0 c1t0d0s0 c1t4d0s1", "log disk 1: c1t2d0s4");
        });
        check("zpool/02-freebsd-list-v-two-mirrors-old-columns.txt", p -> {
            pools(p, "p1 ONLINE", "zroot ONLINE");
            vdevs(p, 0, "data mirror 2: ada1 ada2", "data mirror 2: ada3 ada4");
            vdevs(p, 1, "data disk 1: ada0p3");
            List<PoolPaste.Vdev> p1 = p.pools().get(0).vdevs();
            assertThat(p1).extracting(PoolPaste.Vdev::sizeBytes).containsExactly(bytes("80M"), bytes("80M"));
            assertThat(p1).extracting(PoolPaste.Vdev::allocBytes).containsExactly(bytes("968K"), bytes("41.5K"));
            assertThat(p1).extracting(PoolPaste.Vdev::deviceSizeBytes).as("leaf rows are all -").containsOnlyNulls();
            PoolPaste.Vdev zroot = p.pools().get(1).vdevs().get(0);
            assertThat(zroot.sizeBytes()).isEqualTo(bytes("14.5G"));
            assertThat(zroot.allocBytes()).isEqualTo(bytes("2.68G"));
            assertThat(p.pools()).noneMatch(PoolPaste.Pool::dedupShown);
        });
        check("zpool/03-mirror-logs-mirror-cache-resilvering.txt", p -> {
            pools(p, "tank ONLINE");
            vdevs(p, 0, "data mirror 2: sdc sdd", "log mirror 2: sda3 sdb3", "cache disk 1: sda4", "cache disk 1: sdb4");
        });
        check("zpool/04-raidz2w6-spare-inuse.txt", p -> {
            pools(p, "array ONLINE");
            vdevs(p, 0, "data raidz2 6: sdb sdg sdc sdf sda sde", "spare disk 1: sdd");
        });
        check("zpool/05-raidz1-spare0-config-only-grep.txt", p -> {
            pools(p, "test DEGRADED");
            vdevs(p, 0, "data raidz1 3: nbd0 nbd3 nbd1 nbd2", "spare disk 1: nbd3", "spare disk 1: nbd4");
        });
        check("zpool/06-raidz1w3-dedup-file-vdevs.txt", p -> {
            pools(p, "dozer ONLINE");
            vdevs(p, 0, "data raidz1 3: /var/tmp/vdev1 /var/tmp/vdev2 /var/tmp/vdev3", "dedup disk 1: /var/tmp/vdev4",
                    "dedup disk 1: /var/tmp/vdev5");
        });
        check("zpool/07-freebsd-two-pools-mfid-partitions.txt", p -> {
            pools(p, "zdisk2 ONLINE", "zroot ONLINE");
            vdevs(p, 0, "data disk 1: mfid1p1");
            vdevs(p, 1, "data disk 1: mfid0p3");
        });
        check("zpool/09-truenas-boot-pool-ada0p2-and-gptid.txt", p -> {
            pools(p, "boot-pool ONLINE", "data ONLINE");
            vdevs(p, 0, "data disk 1: ada0p2");
            vdevs(p, 1, "data disk 1: gptid/48061457-88a9-11ee-99a1-08002767d85d");
        });
        check("zpool/11-two-mirrors-nbd-4space-indent.txt", p -> {
            pools(p, "test ONLINE");
            vdevs(p, 0, "data mirror 2: nbd0 nbd1", "data mirror 2: nbd2 nbd3");
        });
        check("zpool/13-mirror-cache-lvm-name-l2arc.txt", p -> {
            pools(p, "atmaweapon ONLINE");
            vdevs(p, 0, "data mirror 2: ata-WDC_WD10EAVS-00D7B1_WD-WCAU48198447-part1 ata-ST1000DM003-9YN162_Z1D1PT33",
                    "cache disk 1: VolGroup00-l2arc");
        });
        check("zpool/16-mirror-plus-special-mirror-checkmk.txt", p -> {
            pools(p, "storage ONLINE");
            vdevs(p, 0, "data mirror 2: ata-ST2000VM003-1CT164_W1H3SR9H ata-TOSHIBA_DT01ACA200_94RRPEVAS",
                    "special mirror 2: ata-Samsung_SSD_860_QVO_1TB_S4CZNF0N459001M-part3 ata-Samsung_SSD_860_QVO_1TB_S4CZNF0N458919M-part3");
        });
        check("zpool/17-list-v-ckpoint-stripe-of-files.txt", p -> {
            pools(p, "pool-oss0 ONLINE");
            vdevs(p, 0, "data disk 1: /root/test/files/draid/file1", "data disk 1: /root/test/files/draid/file2",
                    "data disk 1: /root/test/files/draid/file3");
            assertThat(p.pools().get(0).vdevs()).extracting(PoolPaste.Vdev::deviceSizeBytes).containsOnly(bytes("1G"));
        });
        check("zpool/19-freebsd-single-mirror-da0-da1.txt", p -> {
            pools(p, "tank ONLINE");
            vdevs(p, 0, "data mirror 2: da1 da0");
        });
        check("zpool/21-two-pools-raidz1w3-and-nvme-mirror.txt", p -> {
            pools(p, "pool0 ONLINE", "pool1 ONLINE");
            vdevs(p, 0, "data raidz1 3: ata-TOSHIBA_MG09ACA18TE_82X0A0QMFJDH ata-TOSHIBA_MG09ACA18TE_82J0A00FFJDH "
                    + "ata-TOSHIBA_MG09ACA18TE_82X0A0QPFJDH");
            vdevs(p, 1, "data mirror 2: nvme-Samsung_SSD_980_500GB_S64DNL0T824602E-part1 nvme-Samsung_SSD_980_500GB_S64DNL0T824555Z-part1");
        });
        check("zdb/01-level1techs-histogram-only-122T-asize.txt", p -> {
            assertThat(p.pools()).isEmpty();
            cumulative(p, "4K=0", "8K=50.6G", "16K=116G", "32K=183G", "64K=334G", "128K=75.9T", "4M=122T");
            assertThat(p.blockHistogram().asizeAtOrBelow()).as("cut after 8M").doesNotContainKey("16M");
            assertThat(p.blockHistogram().metadataAsize()).as("no type table").isNull();
        });
        check("zdb/02-potatopool-raidz1-special-Lbbbs-full.txt", p -> {
            PoolPaste.BlockHistogram h = p.blockHistogram();
            assertThat(h.totalAsize()).as("bp allocated").isEqualTo(1_968_107_479_040L);
            assertThat(h.metadataAsize()).as("Metadata Total's ASIZE").isEqualTo(bytes("2.72G"));
            cumulative(p, "4K=5.27M", "8K=2.96G", "16K=5.54G", "32K=7.95G", "64K=14.7G", "128K=1.79T");
            assertThat(h.dedupShown()).isFalse();
            pools(p, "potatopool null");
            assertThat(shapes(p.pools().get(0))).extracting(s -> s.substring(0, s.indexOf(':')))
                    .containsExactly("data raidz1 3", "special mirror 2");
        });
        check("zdb/05-testpool-dedup-tab-separated-bbb.txt", p -> {
            PoolPaste.BlockHistogram h = p.blockHistogram();
            assertThat(h.totalAsize()).as("bp allocated").isEqualTo(3_583_172_608L);
            cumulative(p, "4K=678M", "8K=1.12G", "16K=1.37G", "32K=2.09G", "64K=2.41G", "128K=3.34G");
            assertThat(h.dedupShown()).as("bp deduped=643551232").isTrue();
            assertThat(h.metadataAsize()).as("no Metadata Total line").isNull();
            pools(p, "test null");
            vdevs(p, 0, "data disk 1: /test.zfs");
        });
    }

    static Path folder() {
        return SpecFixtures.real("zfs/INDEX.tsv").getParent();
    }

    static List<String> indexed() throws IOException {
        try (Stream<String> rows = Files.lines(folder().resolve("INDEX.tsv"), StandardCharsets.UTF_8)) {
            return rows.skip(1).filter(r -> !r.isBlank()).map(r -> r.split("\t", 2)[0]).toList();
        }
    }

    @Test
    void everyIndexedOutputHasItsCheck() throws IOException {
        assertThat(CHECKS.keySet()).containsExactlyInAnyOrderElementsOf(indexed());
    }

    @TestFactory
    Stream<DynamicTest> everyRealOutputReadsToItsIndexedValues() throws IOException {
        Path folder = folder();
        return indexed().stream().filter(CHECKS::containsKey).map(file -> DynamicTest.dynamicTest(file, () ->
                CHECKS.get(file).accept(PoolOutputParser.parse(Files.readString(folder.resolve(file), StandardCharsets.UTF_8)))));
    }
}
