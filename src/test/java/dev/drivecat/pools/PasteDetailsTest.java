package dev.drivecat.pools;

import static dev.drivecat.pools.PoolOutputParserTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class PasteDetailsTest {

    @Test
    void eachDeviceRowKeepsItsSectionGroupStateAndErrorCounters() {
        PasteDetails d = PasteDetails.read(fixture("status-special-write-errors-list-v.txt"));
        assertThat(d.devices("vmpool", VdevRole.SPECIAL)).extracting(r -> r.group() + " " + r.name() + " " + r.state() + " "
                        + r.read() + "/" + r.write() + "/" + r.cksum() + " line " + r.line())
                .containsExactly("mirror-1 ata-Samsung_SSD_870_QVO_1TB_S5SVNF0R000001X-part1 ONLINE 0/5/0 line 21",
                        "mirror-1 ata-Samsung_SSD_870_QVO_1TB_S5SVNF0R000002X-part1 ONLINE 0/0/0 line 22");
        assertThat(d.devices("vmpool", VdevRole.DATA)).hasSize(6).allSatisfy(r -> assertThat(r.group()).isEqualTo("raidz2-0"));
        // zpool list -v rows have no state column where zpool status has one: they are not read as devices again
        assertThat(d.devices(null, VdevRole.SPECIAL)).hasSize(2);
    }

    @Test
    void aDeviceThatIsItsOwnVdevHasNoGroupAndItsNoteIsKept() {
        PasteDetails d = PasteDetails.read(fixture("status-raidz1-single-dedup-devices.txt"));
        assertThat(d.devices("dozer", VdevRole.DEDUP)).extracting(r -> r.name() + " " + r.group() + " " + r.state() + " " + r.errors()
                + " " + r.note()).containsExactly("sdd null ONLINE 0 null", "sde null FAULTED 15 too many errors");
    }

    @Test
    void aDraidsGeometryIsReadFromItsName() {
        PasteDetails d = PasteDetails.read(fixture("status-draid-special-logs.txt"));
        assertThat(d.draids("lab")).extracting(g -> g.parity() + " " + g.data() + "d " + g.children() + "c " + g.spares() + "s")
                .containsExactly("2 4d 10c 1s");
        // the distributed spare draid2-0-0 is a spare device, not a dRAID vdev
        assertThat(d.devices("lab", VdevRole.SPARE)).extracting(PasteDetails.DeviceRow::name).containsExactly("draid2-0-0");
    }

    @Test
    void theDedupTableIsReadInEachFormAsPrinted() {
        PasteDetails status = PasteDetails.read(fixture("status-every-section-dedup-table.txt"));
        assertThat(status.dedupTables("tank")).singleElement().satisfies(t -> {
            assertThat(t.source()).isEqualTo("zpool status -D");
            assertThat(t.entries()).isEqualTo(1_853_205);
            assertThat(t.onDisk()).isEqualTo(1044); // 1.02K as zfs_nicenum rounds it
            assertThat(t.inCore()).isEqualTo(238);
        });
        assertThat(PasteDetails.read(fixture("zdb-D-2.3-tables.txt")).dedupTables(null))
                .extracting(t -> t.source() + " " + t.entries() + " " + t.onDisk())
                .containsExactly("zdb -D 2.3 142031 38535168", "zdb -D 2.3 1710854 405012480");
        assertThat(PasteDetails.read(fixture("zdb-D-before-2.3-tables.txt")).dedupTables(null))
                .extracting(t -> t.source() + " " + t.entries() + " " + t.onDisk())
                .containsExactly("zdb -D 142031 271", "zdb -D 1710854 236");
    }

    @Test
    void theRealCheckmkPasteShowsTheQvoSpecialMemberWithFiveWriteErrors() throws IOException {
        String paste = Files.readString(RealFixtures.require("zfs/zpool/16-mirror-plus-special-mirror-checkmk.txt"),
                StandardCharsets.UTF_8);
        PasteDetails d = PasteDetails.read(paste);
        assertThat(d.devices("storage", VdevRole.SPECIAL)).hasSize(2)
                .allSatisfy(r -> assertThat(r.name()).contains("Samsung_SSD_860_QVO_1TB"))
                .filteredOn(r -> r.write() > 0).singleElement().satisfies(r -> assertThat(r.write()).isEqualTo(5));
    }
}
