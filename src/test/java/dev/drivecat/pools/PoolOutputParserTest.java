package dev.drivecat.pools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every branch of the paste reader, on fixtures written for it (src/test/resources/pools) and inline pastes. */
public class PoolOutputParserTest {

    /** A small paste of src/test/resources/pools, written for these tests. */
    public static String fixture(String name) {
        try (InputStream in = PoolOutputParserTest.class.getClassLoader().getResourceAsStream("pools/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no fixture pools/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** role type width: devices, as one line, for short assertions. */
    static List<String> shapes(PoolPaste.Pool pool) {
        return pool.vdevs().stream().map(v -> v.role().token() + " " + v.type().token() + " " + v.width() + ": "
                + String.join(" ", v.devices())).toList();
    }

    static long bytes(String human) {
        return Sizes.bytes(human);
    }

    @Test
    void readsDraidWithItsDistributedSpareAndTheClassSectionsWithTheirTrailingTabs() {
        PoolPaste paste = PoolOutputParser.parse(fixture("status-draid-special-logs.txt"));

        assertThat(paste.warnings()).isEmpty();
        PoolPaste.Pool lab = paste.pools().get(0);
        assertThat(lab.name()).isEqualTo("lab");
        assertThat(shapes(lab)).containsExactly(
                "data draid2 10: sda sdb sdc sdd sde sdf sdg sdh sdi sdj",
                "special mirror 3: nvme0n1p1 nvme1n1p1 nvme2n1p1",
                "log disk 1: nvme0n1p2",
                "spare disk 1: draid2-0-0");
    }

    @Test
    void readsNestedSpareAndReplacingAsOneDeviceAndMissingDisksByTheirGuid() {
        PoolPaste paste = PoolOutputParser.parse(fixture("status-degraded-nested-missing.txt"));

        assertThat(paste.pools()).extracting(PoolPaste.Pool::name, PoolPaste.Pool::state)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("vault", "DEGRADED"),
                        org.assertj.core.groups.Tuple.tuple("scratch", "UNAVAIL"));
        PoolPaste.Vdev raidz = paste.pools().get(0).vdevs().get(0);
        assertThat(raidz.type()).isEqualTo(VdevType.RAIDZ2);
        assertThat(raidz.width()).as("spare-2 (with replacing-0 inside) is one of six").isEqualTo(6);
        assertThat(raidz.devices()).containsExactly("ata-WDC_WD80EFAX-68LHPN0_7SGH0001", "ata-WDC_WD80EFAX-68LHPN0_7SGH0002",
                "9182736450918273645", "ata-WDC_WD80EFAX-68LHPN0_7SGH0009", "ata-WDC_WD80EFAX-68LHPN0_7SGH0010",
                "ata-WDC_WD80EFAX-68LHPN0_7SGH0004", "ata-WDC_WD80EFAX-68LHPN0_7SGH0005", "ata-WDC_WD80EFAX-68LHPN0_7SGH0006");
        assertThat(shapes(paste.pools().get(0))).last().isEqualTo("spare disk 1: ata-WDC_WD80EFAX-68LHPN0_7SGH0010");
        assertThat(shapes(paste.pools().get(1))).as("illumos slice and a missing disk's GUID, a stripe")
                .containsExactly("data disk 1: c0t5000C500335F2C47d0s0", "data disk 1: 16004281973264010822");
        assertThat(paste.warnings()).as("the -v error list is part of the output").isEmpty();
    }

    @Test
    void readsEverySectionAndTheDedupLineAndTableOfStatusD() {
        PoolPaste paste = PoolOutputParser.parse(fixture("status-every-section-dedup-table.txt"));

        assertThat(paste.warnings()).isEmpty();
        PoolPaste.Pool tank = paste.pools().get(0);
        assertThat(tank.dedupShown()).as("dedup: DDT entries 1853205").isTrue();
        assertThat(shapes(tank)).extracting(s -> s.substring(0, s.indexOf(':'))).containsExactly(
                "data raidz2 6", "data raidz2 6", "dedup mirror 2", "special mirror 3", "log mirror 2", "cache disk 1",
                "spare disk 1", "spare disk 1");
        assertThat(tank.vdevs().get(0).devices()).first().isEqualTo("gptid/1b2c3d4e-0000-11ee-8000-000000000000");
    }

    @Test
    void readsRowsThatLostTheirIndentationAndSaysHow() {
        PoolPaste paste = PoolOutputParser.parse(fixture("status-lost-indentation.txt"));

        assertThat(shapes(paste.pools().get(0))).containsExactly(
                "data mirror 2: sda sdb",
                "data mirror 2: sdc sdh sdd",
                "log disk 1: sde",
                "cache disk 1: sdf",
                "spare disk 1: sdh");
        assertThat(paste.warnings()).singleElement().asString().startsWith("lines 8–15: the vdev rows have no indentation");
    }

    @Test
    void mergesZpoolListVAndZpoolStatusOfOnePoolWithDeviceSizes() {
        PoolPaste paste = PoolOutputParser.parse(fixture("list-v-and-status-one-pool.txt"));

        assertThat(paste.warnings()).isEmpty();
        assertThat(paste.pools()).hasSize(1);
        PoolPaste.Pool tank = paste.pools().get(0);
        assertThat(tank.dedupShown()).as("DEDUP 1.21x").isTrue();
        assertThat(shapes(tank)).containsExactly("data raidz2 6: sda sdb sdc sdd sde sdf", "special mirror 2: nvme0n1 nvme1n1",
                "log disk 1: nvme2n1p1", "cache disk 1: nvme2n1p2", "spare disk 1: sdg");
        PoolPaste.Vdev raidz = tank.vdevs().get(0);
        assertThat(raidz.sizeBytes()).isEqualTo(bytes("43.6T"));
        assertThat(raidz.allocBytes()).isEqualTo(bytes("20.1T"));
        assertThat(raidz.deviceSizeBytes()).isEqualTo(bytes("7.28T"));
        assertThat(tank.vdevs().get(3).sizeBytes()).isEqualTo(bytes("200G"));
        assertThat(tank.shownAt()).extracting(PoolPaste.Shown::toString)
                .containsExactly("zpool list -v at lines 2–20", "zpool status at lines 23–47");
    }

    @Test
    void statusFirstKeepsItsStructureAndTakesTheSizesOfTheListAfterIt() {
        String status = fixture("list-v-and-status-one-pool.txt");
        int split = status.indexOf("$ zpool status");
        PoolPaste paste = PoolOutputParser.parse(status.substring(split) + "\n" + status.substring(0, split));

        assertThat(paste.pools()).hasSize(1);
        assertThat(paste.pools().get(0).vdevs().get(0).sizeBytes()).isEqualTo(bytes("43.6T"));
        assertThat(paste.pools().get(0).state()).isEqualTo("ONLINE");
    }

    @Test
    void warnsWhenOnePoolIsShownTwiceWithDifferentVdevs() {
        String one = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  mirror-0 ONLINE 0 0 0\n    sda ONLINE 0 0 0\n    sdb ONLINE 0 0 0\n";
        String two = "\nNAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  raidz1-0 ONLINE 0 0 0\n    sda ONLINE 0 0 0\n"
                + "    sdb ONLINE 0 0 0\n    sdc ONLINE 0 0 0\n";
        PoolPaste paste = PoolOutputParser.parse(one + two);

        assertThat(shapes(paste.pools().get(0))).containsExactly("data mirror 2: sda sdb");
        assertThat(paste.warnings()).containsExactly("pool tank is shown at lines 1 and 7 with different vdevs: the first is kept");
    }

    /** zdb -s's vdev table of a pool: the table's two header lines, the pool's row, one mirror of two. */
    static String zdbVdevTable(String pool, String mirror) {
        return "                            capacity   operations   bandwidth  ---- errors ----\n"
                + "description                used avail  read write  read write  read write cksum\n"
                + pool + "                     3.91M 1.81T     1     0  4.00K     0     0     0     0\n"
                + "  mirror                  3.91M  928G     1     0  4.00K     0     0     0     0\n"
                + "    " + mirror + "1                             1     0  2.00K     0     0     0     0\n"
                + "    " + mirror + "2                             0     0  2.00K     0     0     0     0\n";
    }

    @Test
    void poolsComeInTheOrderThePasteFirstShowsThemThoughZdbsVdevTablesMergeLast() {
        String beta = "NAME STATE READ WRITE CKSUM\nbeta ONLINE 0 0 0\n  mirror-0 ONLINE 0 0 0\n    sda ONLINE 0 0 0\n"
                + "    sdb ONLINE 0 0 0\n";
        PoolPaste paste = PoolOutputParser.parse(zdbVdevTable("alpha", "/dev/sdx") + "\n" + beta);

        assertThat(paste.pools()).extracting(PoolPaste.Pool::name).containsExactly("alpha", "beta");
        assertThat(paste.pools().get(0).shownAt()).extracting(PoolPaste.Shown::toString).containsExactly("zdb vdev table at lines 1–6");
        assertThat(paste.pools().get(1).shownAt()).extracting(PoolPaste.Shown::toString).containsExactly("zpool status at lines 8–12");
    }

    @Test
    void zpoolStatusGivesTheStructureOverAnEarlierVdevTableAndTheWarningSaysWhich() {
        String status = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  raidz1-0 ONLINE 0 0 0\n    sda ONLINE 0 0 0\n"
                + "    sdb ONLINE 0 0 0\n    sdc ONLINE 0 0 0\n";
        PoolPaste paste = PoolOutputParser.parse(zdbVdevTable("tank", "/dev/sdx") + "\n" + status);

        assertThat(paste.pools()).singleElement().satisfies(tank -> {
            assertThat(shapes(tank)).containsExactly("data raidz1 3: sda sdb sdc");
            assertThat(tank.shownAt()).extracting(PoolPaste.Shown::toString)
                    .containsExactly("zdb vdev table at lines 1–6", "zpool status at lines 8–13");
        });
        assertThat(paste.warnings()).containsExactly("pool tank is shown at lines 1 and 8 with different vdevs: the one at line 8 "
                + "(zdb's vdev table cannot tell cache and spare devices apart) is kept");

        PoolPaste mirrors = PoolOutputParser.parse(zdbVdevTable("tank", "/dev/sdx") + "\n" + status.replace("raidz1-0", "mirror-0")
                .replace("    sdc ONLINE 0 0 0\n", ""));
        assertThat(mirrors.warnings()).isEmpty();
        assertThat(mirrors.pools()).singleElement().satisfies(tank -> {
            assertThat(shapes(tank)).as("status's devices, the table's sizes").containsExactly("data mirror 2: sda sdb");
            assertThat(tank.vdevs().get(0).sizeBytes()).isEqualTo(bytes("3.91M") + bytes("928G"));
            assertThat(tank.state()).isEqualTo("ONLINE");
        });
    }

    @Test
    void readsZdb24WithItsNoteDedupClassAndDedupTable() {
        PoolPaste paste = PoolOutputParser.parse(fixture("zdb-2.4-dedup-class.txt"));

        assertThat(paste.warnings()).isEmpty();
        assertThat(paste.pools()).isEmpty();
        PoolPaste.BlockHistogram h = paste.blockHistogram();
        assertThat(h.binning()).isEqualTo(HistogramBinning.UP_TO);
        assertThat(h.asizeAtOrBelow()).hasSize(16).containsEntry("512", 0L).containsEntry("4K", bytes("1.50G"))
                .containsEntry("128K", bytes("512G")).containsEntry("16M", bytes("1.00T"));
        assertThat(h.totalAsize()).as("bp allocated").isEqualTo(1_099_511_627_776L);
        assertThat(h.metadataAsize()).isEqualTo(bytes("8.00G"));
        assertThat(h.ddtAsize()).isEqualTo(bytes("950M"));
        assertThat(h.dedupShown()).isTrue();
        assertThat(h.shownAt()).hasToString("zdb block statistics at lines 3–46");
    }

    @Test
    void addsTheMetadataUpFromPerLevelRowsWhenZdbPrintsNoMetadataTotal() {
        PoolPaste paste = PoolOutputParser.parse(fixture("zdb-bbbP-levels-before-2.2.txt"));

        PoolPaste.BlockHistogram h = paste.blockHistogram();
        // object directory (total row only), DMU dnode L1 and L0, ZFS plain file L2 and L1: not its L0
        long expected = bytes("120K") + bytes("48K") + bytes("11.7M") + bytes("24K") + bytes("100M");
        assertThat(h.metadataAsize()).isEqualTo(expected);
        assertThat(paste.warnings()).singleElement().asString().contains("added up from the per-level rows");
        assertThat(h.binning()).as("title without a note: zdb before 2.4").isEqualTo(HistogramBinning.FROM);
        assertThat(h.asizeAtOrBelow()).as("-P prints bytes, labels too").containsEntry("4K", 4_096_000L)
                .containsEntry("16K", 28_672_000L).hasSize(16);
        assertThat(h.ddtAsize()).as("a type table without a DDT row").isZero();
        assertThat(h.dedupShown()).isFalse();
    }

    @Test
    void readsZdbsVdevTableWithItsClassesAndACutOffHistogramRow() {
        PoolPaste paste = PoolOutputParser.parse(fixture("zdb-vdev-table-cut-histogram.txt"));

        PoolPaste.Pool mixed = paste.pools().get(0);
        assertThat(mixed.name()).isEqualTo("mixed");
        assertThat(mixed.state()).isNull();
        assertThat(shapes(mixed)).containsExactly("data mirror 2: /dev/sdb1 /dev/sdc1", "log disk 1: /dev/nvme0n1p1",
                "dedup mirror 2: /dev/sdd1 /dev/sde1", "data disk 1: /dev/nvme1n1p2");
        assertThat(mixed.vdevs().get(0).sizeBytes()).as("used + avail").isEqualTo(bytes("3.91M") + bytes("928G"));
        assertThat(paste.blockHistogram().asizeAtOrBelow()).containsOnlyKeys("512", "1K", "2K");
        assertThat(paste.warnings()).anyMatch(w -> w.startsWith("line 15: a Block Size Histogram row zdb does not print"))
                .anyMatch(w -> w.contains("lists cache and spare devices like data devices"))
                .anyMatch(w -> w.contains("has no row for 4K, 8K"))
                .anyMatch(w -> w.contains("no block-type table"));
    }

    @Test
    void readsAPasteAsPeoplePasteIt() {
        String paste = "Here is my pool:\r\n\r\n```\r\nroot@nas:~# zpool status\r\n  pool: tank\r\n state: \u001b[1;31mDEGRADED\u001b[0m\r\n"
                + "config:\r\n\r\n\tNAME        STATE     READ WRITE CKSUM\r\n\ttank        DEGRADED     0     0     0\r\n"
                + "\t  mirror-0  DEGRADED     0     0     0\r\n\t    sda     ONLINE       0     0     0\r\n"
                + "\t    sdb     \u001b[31mFAULTED\u001b[0m      0     0     0  too many errors\r\n```\r\n\r\nand the other one\r\n"
                + "> ```\n>   pool: backup\n>  state: ONLINE\n> config:\n>\n> \tNAME  STATE  READ WRITE CKSUM\n> \tbackup ONLINE 0 0 0\n"
                + "> \t  /srv/backup.img ONLINE 0 0 0\n> ```\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(read.pools()).extracting(PoolPaste.Pool::name).containsExactly("tank", "backup");
        assertThat(read.pools().get(0).state()).isEqualTo("DEGRADED");
        assertThat(shapes(read.pools().get(0))).containsExactly("data mirror 2: sda sdb");
        assertThat(shapes(read.pools().get(1))).as("a file vdev").containsExactly("data disk 1: /srv/backup.img");
        assertThat(read.warnings()).containsExactly("line 1: not zpool or zdb output, skipped (\"Here is my pool:\")",
                "line 16: not zpool or zdb output, skipped (\"and the other one\")");
    }

    @Test
    void readsATableWhoseLineEndsWereDoubled() {
        String paste = "  pool: tank\n\n state: ONLINE\n\nconfig:\n\n\tNAME STATE READ WRITE CKSUM\n\n\ttank ONLINE 0 0 0\n\n"
                + "\t  mirror-0 ONLINE 0 0 0\n\n\t    sda ONLINE 0 0 0\n\n\t    sdb ONLINE 0 0 0\n\n\tlogs\n\n\t  sdc ONLINE 0 0 0\n\n"
                + "errors: No known data errors\n";

        assertThat(shapes(PoolOutputParser.parse(paste).pools().get(0))).containsExactly("data mirror 2: sda sdb", "log disk 1: sdc");
    }

    @Test
    void readsACutOffLastLineAsADeviceAndSaysSo() {
        String paste = "  pool: tank\n state: ONLINE\nconfig:\n\n\tNAME STATE READ WRITE CKSUM\n\ttank ONLINE 0 0 0\n"
                + "\t  raidz1-0 ONLINE 0 0 0\n\t    sda ONLINE 0 0 0\n\t    sdb ONLINE 0 0 0\n\t    sdc ON";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(shapes(read.pools().get(0))).containsExactly("data raidz1 3: sda sdb sdc");
        assertThat(read.warnings()).containsExactly("line 10: no vdev state after \"sdc\" (cut off?): read as a device");
    }

    @Test
    void readsACutOffLastListRowAsADeviceAndSaysSo() {
        String paste = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "tank 30T 3T 27T - - 1% 10% 1.00x ONLINE -\n  raidz1-0 30T 3T 27T - - 1% 10% - ONLINE\n"
                + "    sda 10T - - - - - - - ONLINE\n    sdb 10T - - - - - - - ONLINE\n    sdc\n\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(shapes(read.pools().get(0))).containsExactly("data raidz1 3: sda sdb sdc");
        assertThat(read.pools().get(0).shownAt()).extracting(PoolPaste.Shown::toString).containsExactly("zpool list -v at lines 1–6");
        assertThat(read.warnings()).containsExactly("line 6: no sizes after \"sdc\" (cut off?): read as a device");
    }

    @Test
    void readsAGroupCutOffBeforeItsDevicesWithNoWidth() {
        String paste = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  mirror-0 ONLINE 0 0 0\n    sda ONLINE 0 0 0\n"
                + "    sdb ONLINE 0 0 0\n  mirror-1 ONLINE 0 0 0\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(shapes(read.pools().get(0))).containsExactly("data mirror 2: sda sdb", "data mirror 0: ");
        assertThat(read.warnings()).containsExactly("line 6: no devices listed under \"mirror-1\" (cut off?): its width is not known");
    }

    @Test
    void readsOldOutputThatNamesGroupsByTypeAlone() {
        String paste = "  pool: old\n state: ONLINE\n scrub: none requested\nconfig:\n\n        NAME        STATE     READ WRITE CKSUM\n"
                + "        old         ONLINE       0     0     0\n          raidz     ONLINE       0     0     0\n"
                + "            c1d0    ONLINE       0     0     0\n            c2d0    ONLINE       0     0     0\n"
                + "            c3d0    ONLINE       0     0     0\n          mirror    ONLINE       0     0     0\n"
                + "            c4d0    ONLINE       0     0     0\n            c5d0    ONLINE       0     0     0\n\n"
                + "errors: No known data errors\n";

        assertThat(shapes(PoolOutputParser.parse(paste).pools().get(0))).containsExactly("data raidz1 3: c1d0 c2d0 c3d0",
                "data mirror 2: c4d0 c5d0");
    }

    @Test
    void aDeviceNamedLikeASectionIsADevice() {
        String paste = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  mirror-0 ONLINE 0 0 0\n    logs ONLINE 0 0 0\n"
                + "    cache ONLINE 0 0 0\n  special ONLINE 0 0 0\ncache\n  l2arc ONLINE 0 0 0\n";

        assertThat(shapes(PoolOutputParser.parse(paste).pools().get(0))).containsExactly("data mirror 2: logs cache",
                "data disk 1: special", "cache disk 1: l2arc");
    }

    @Test
    void readsTheConfigWithoutItsRootRowAndSaysThePoolIsUnnamed() {
        String paste = "config:\n\n\t  mirror-0  ONLINE  0 0 0\n\t    sda     ONLINE  0 0 0\n\t    sdb     ONLINE  0 0 0\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(read.pools().get(0).name()).isNull();
        assertThat(shapes(read.pools().get(0))).containsExactly("data mirror 2: sda sdb");
        assertThat(read.warnings()).containsExactly("line 3: the config starts below the pool's own row: the pool's name is not shown");
    }

    @Test
    void readsTheConfigOfZpoolImportWhoseRowsHaveNoCounters() {
        String paste = "   pool: tank\n     id: 15419287430155093429\n  state: ONLINE\n action: The pool can be imported using its "
                + "name or numeric identifier.\n config:\n\n\ttank        ONLINE\n\t  mirror-0  ONLINE\n\t    sda     ONLINE\n"
                + "\t    sdb     ONLINE\n\tlogs\n\t  sdc       ONLINE\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(shapes(read.pools().get(0))).containsExactly("data mirror 2: sda sdb", "log disk 1: sdc");
        assertThat(read.warnings()).isEmpty();
    }

    @Test
    void zpoolIostatIsNotReadForZdbsVdevTable() {
        String paste = "              capacity     operations     bandwidth\npool        alloc   free   read  write   read  write\n"
                + "----------  -----  -----  -----  -----  -----  -----\ntank        1.20T  2.40T     10     20  1.00M  2.00M\n"
                + "  mirror-0  1.20T  2.40T     10     20  1.00M  2.00M\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(read.isEmpty()).isTrue();
        assertThat(read.warnings()).containsExactly("lines 1–5: not zpool or zdb output, skipped (from \"capacity     operations     "
                + "bandwidth\")");
    }

    @Test
    void readsZpoolListWithoutVAsPoolsWithoutVdevs() {
        String paste = "NAME    SIZE  ALLOC   FREE  CKPOINT  EXPANDSZ   FRAG    CAP  DEDUP    HEALTH  ALTROOT\n"
                + "tank   21.8T  10.2T  11.6T        -         -     2%    46%  1.00x    ONLINE  -\n"
                + "fast    928G   102G   826G        -         -     9%    11%  1.00x  DEGRADED  -\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(read.pools()).extracting(PoolPaste.Pool::name, PoolPaste.Pool::state).containsExactly(
                org.assertj.core.groups.Tuple.tuple("tank", "ONLINE"), org.assertj.core.groups.Tuple.tuple("fast", "DEGRADED"));
        assertThat(read.warnings()).containsExactly("line 2: pool tank: no vdev rows (zpool list shows them with -v)",
                "line 3: pool fast: no vdev rows (zpool list shows them with -v)");
    }

    @Test
    void readsParsableZpoolListInBytes() {
        String paste = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "tank 1992864825344 104857600 1992759967744 - - 0 0 1.00x ONLINE -\n"
                + "  mirror-0 996432412672 52428800 996379983872 - - 0 0 - ONLINE\n"
                + "    sda 1000204886016 - - - - - - - ONLINE\n"
                + "    sdb 1000204886016 - - - - - - - ONLINE\n";

        PoolPaste.Vdev mirror = PoolOutputParser.parse(paste).pools().get(0).vdevs().get(0);

        assertThat(mirror.sizeBytes()).isEqualTo(996_432_412_672L);
        assertThat(mirror.deviceSizeBytes()).isEqualTo(1_000_204_886_016L);
    }

    @Test
    void leavesOutRemovedAndMissingTopLevelVdevs() {
        String paste = "NAME STATE READ WRITE CKSUM\ntank DEGRADED 0 0 0\n  mirror-0 ONLINE 0 0 0\n    sda ONLINE 0 0 0\n"
                + "    sdb ONLINE 0 0 0\n  indirect-1 ONLINE 0 0 0\n  missing-2 UNAVAIL 0 0 0\n";

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(shapes(read.pools().get(0))).containsExactly("data mirror 2: sda sdb");
        assertThat(read.warnings()).containsExactly("line 7: \"missing-2\" is a missing top-level vdev: its layout is not shown, "
                + "so it is left out");
    }

    @Test
    void aPoolHeaderWithoutItsConfigIsAPoolWithoutVdevs() {
        PoolPaste read = PoolOutputParser.parse("  pool: tank\n state: ONLINE\n  scan: none requested\n");

        assertThat(read.pools()).extracting(PoolPaste.Pool::name).containsExactly("tank");
        assertThat(read.pools().get(0).vdevs()).isEmpty();
        assertThat(read.warnings()).singleElement().asString().contains("has no config table");
    }

    @Test
    void textThatIsNoOutputGivesAnEmptyPasteAndShortQuotes() {
        PoolPaste read = PoolOutputParser.parse("My pool is slow. ".repeat(20) + "\nWhat should I buy?\n");

        assertThat(read.isEmpty()).isTrue();
        assertThat(read.warnings()).containsExactly("lines 1–2: not zpool or zdb output, skipped (from \"My pool is slow. My pool is slow. "
                + "My poo… (339 characters)\")");

        PoolPaste emoji = PoolOutputParser.parse("My pool \uD83D\uDE22 is slow\n");
        assertThat(emoji.warnings()).containsExactly("line 1: not zpool or zdb output, skipped (\"My pool \uD83D\uDE22 is slow\")");
        PoolPaste cut = PoolOutputParser.parse("x".repeat(39) + "\uD83D\uDE22 and on\n");
        assertThat(cut.warnings()).as("a quote is not cut between an emoji's halves")
                .containsExactly("line 1: not zpool or zdb output, skipped (\"" + "x".repeat(39) + "… (48 characters)\")");
    }

    @Test
    void aZdbRunWithoutAHistogramIsSaidInTheWarningsAndInThe400OfAPasteOfNothingElse() {
        String zdbB = "# zdb -b tank\n\nTraversing all blocks ...\n\n\tbp count:    1000\n"
                + "\tbp allocated:   4096000      avg:   4096     compression:   1.00\n";
        PoolPaste read = PoolOutputParser.parse(zdbB);

        assertThat(read.isEmpty()).isTrue();
        assertThat(read.zdbWithoutHistogram()).isTrue();
        assertThat(read.warnings()).contains("line 3: this zdb output has no Block Size Histogram: it is printed by zdb -bb and "
                + "more b's (zdb -Lbbbs POOL)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PoolPastes.read(zdbB))
                .isInstanceOf(dev.drivecat.common.DomainException.class)
                .hasMessageEndingWith(" as text/plain. The zdb output in it has no Block Size Histogram: it is printed by zdb -bb and "
                        + "more b's (zdb -Lbbbs POOL).");

        assertThat(PoolOutputParser.parse(fixture("zdb-2.4-dedup-class.txt")).zdbWithoutHistogram()).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PoolPastes.read("nothing here\n"))
                .hasMessageEndingWith(" as text/plain.");
    }

    @Test
    void listsFiftyWarningsAndCountsTheRest() {
        StringBuilder paste = new StringBuilder("NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n");
        for (int k = 0; k < 60; k++) {
            paste.append("  missing-").append(k).append(" UNAVAIL 0 0 0\n");
        }

        List<String> warnings = PoolOutputParser.parse(paste.toString()).warnings();

        assertThat(warnings).hasSize(Warnings.MAX + 1).last().isEqualTo("and 10 more warnings not listed");
    }

    @Test
    void readsHumanSizesAsPowersOf1024() {
        assertThat(Sizes.bytes("512")).isEqualTo(512L);
        assertThat(Sizes.bytes("41.5K")).isEqualTo(42_496L);
        assertThat(Sizes.bytes("1.79T")).isEqualTo(Math.round(1.79 * Math.pow(1024, 4)));
        assertThat(Sizes.bytes("2P")).isEqualTo(2L << 50);
        assertThat(Sizes.bytes("0B")).isZero();
        assertThat(Sizes.bytes("1.00x")).isNull();
        assertThat(Sizes.bytes("46%")).isNull();
        assertThat(Sizes.bytes("-")).isNull();
        assertThat(Sizes.bytes("99999999999E")).as("beyond a long").isNull();
        assertThat(Sizes.label(9)).isEqualTo("512");
        assertThat(Sizes.label(14)).isEqualTo("16K");
        assertThat(Sizes.label(24)).isEqualTo("16M");
    }
}
