package dev.drivecat.pools;

import static dev.drivecat.pools.PoolOutputParserTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.common.DomainException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class PoolQuestionTest {

    private static PoolQuestion question(String paste) {
        PoolPaste read = PoolOutputParser.parse(paste);
        return PoolQuestion.of(PoolQuestion.choose(read, null), read.blockHistogram());
    }

    @Test
    void twoRaidz2VdevsWithAMirroredLogAndACacheDevice() {
        PoolQuestion q = question(PoolPastes.STATUS_EXAMPLE);

        assertThat(q.pool()).isEqualTo("tank");
        assertThat(q.layout()).isEqualTo(VdevType.RAIDZ2);
        assertThat(q.width()).isEqualTo(6);
        assertThat(q.dataVdevs()).isEqualTo(2);
        assertThat(q.hasSlog()).isTrue();
        assertThat(q.logDevices()).isEqualTo(2);
        assertThat(q.cacheDevices()).isEqualTo(1);
        assertThat(q.dedup()).isFalse();
        assertThat(q.diskTb()).isNull();
        assertThat(q.diskSize()).isEqualTo("not known: the paste shows no size for the data vdevs; zpool list -v shows them");
        assertThat(q.description()).isEqualTo("from your pool: raidz2 × 2, 6 wide, logs: 2, cache: 1");
        assertThat(q.summary()).isEqualTo("raidz2 × 2, 6 wide, logs: 2, cache: 1");
        assertThat(q.warnings()).isEmpty();
    }

    @Test
    void mixedLayoutsGiveNoLayoutAndSaySo() {
        String paste = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  raidz2-0 ONLINE 0 0 0\n    a ONLINE 0 0 0\n"
                + "    b ONLINE 0 0 0\n    c ONLINE 0 0 0\n    d ONLINE 0 0 0\n  mirror-1 ONLINE 0 0 0\n    e ONLINE 0 0 0\n"
                + "    f ONLINE 0 0 0\n";

        PoolQuestion q = question(paste);

        assertThat(q.layout()).isNull();
        assertThat(q.width()).isNull();
        assertThat(q.dataVdevs()).isEqualTo(2);
        assertThat(q.warnings()).containsExactly("pool tank's data vdevs differ in layout (raidz2 × 1, 4 wide; mirror × 1, 2 wide): "
                + "drivecat does not pick one; give layout and width");
        assertThat(q.description()).isEqualTo("from your pool: mixed: raidz2 × 1, 4 wide; mirror × 1, 2 wide");
        assertThat(q.summary()).as("a mixed pool's summary keeps its own words").isEqualTo("mixed: raidz2 × 1, 4 wide; mirror × 1, 2 wide");
    }

    @Test
    void widthsThatDifferGiveNoWidth() {
        String paste = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  mirror-0 ONLINE 0 0 0\n    a ONLINE 0 0 0\n"
                + "    b ONLINE 0 0 0\n  mirror-1 ONLINE 0 0 0\n    c ONLINE 0 0 0\n    d ONLINE 0 0 0\n    e ONLINE 0 0 0\n";

        PoolQuestion q = question(paste);

        assertThat(q.layout()).isEqualTo(VdevType.MIRROR);
        assertThat(q.width()).isNull();
        assertThat(q.warnings()).singleElement().asString().contains("differ in width (mirror × 1, 2 wide; mirror × 1, 3 wide)");
    }

    @Test
    void diskSizeFromTheDeviceRowsOfZpoolListV() {
        PoolQuestion q = question(fixture("list-v-and-status-one-pool.txt"));

        assertThat(q.diskTb()).isEqualByComparingTo(new BigDecimal("8.004445"));
        assertThat(q.diskSize()).isEqualTo("from the sizes zpool list -v shows on the device rows");
        assertThat(q.dedup()).as("DEDUP 1.21x").isTrue();
        assertThat(q.description()).isEqualTo("from your pool: raidz2 × 1, 6 wide, disks 8 TB, logs: 1, special: 2, cache: 1, "
                + "spares: 1, deduplicated data");
    }

    @Test
    void diskSizeFromARaidzRowIsItsRawSizeOverItsWidth() {
        String paste = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "tank 21.8T 1T 20.8T - - 0% 4% 1.00x ONLINE -\n  raidz1-0 21.8T 1T 20.8T - - 0% 4.59% - ONLINE\n"
                + "    sda - - - - - - - - ONLINE\n    sdb - - - - - - - - ONLINE\n    sdc - - - - - - - - ONLINE\n";

        PoolQuestion q = question(paste);

        assertThat(q.diskTb()).isEqualByComparingTo(new BigDecimal(Sizes.bytes("21.8T") / 3).movePointLeft(12)
                .setScale(6, java.math.RoundingMode.HALF_UP));
        assertThat(q.diskSize()).startsWith("from the RAIDZ vdevs' size ÷ width");
    }

    @Test
    void aDraidsSizeGivesNoDiskSize() {
        String paste = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "lab 70T 1T 69T - - 0% 1% 1.00x ONLINE -\n  draid2:4d:10c:1s-0 70T 1T 69T - - 0% 1.43% - ONLINE\n"
                + String.join("", java.util.Collections.nCopies(10, "    sdx - - - - - - - - ONLINE\n"));

        PoolQuestion q = question(paste);

        assertThat(q.layout()).isEqualTo(VdevType.DRAID2);
        assertThat(q.width()).isEqualTo(10);
        assertThat(q.diskTb()).isNull();
        assertThat(q.diskSize()).contains("distributed spares");
    }

    @Test
    void disksOfDifferentSizesGiveNoDiskSize() {
        String paste = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "tank 12T 1T 11T - - 0% 8% 1.00x ONLINE -\n  mirror-0 4T 1T 3T - - 0% 25% - ONLINE\n"
                + "    sda 4T - - - - - - - ONLINE\n    sdb 4T - - - - - - - ONLINE\n  mirror-1 8T 0 8T - - 0% 0% - ONLINE\n"
                + "    sdc 8T - - - - - - - ONLINE\n    sdd 8T - - - - - - - ONLINE\n";

        PoolQuestion q = question(paste);

        assertThat(q.diskTb()).isNull();
        assertThat(q.warnings()).containsExactly("pool tank's data disks differ in size (4.398047 to 8.796093 TB): drivecat does not "
                + "pick one; give diskTb or dataTib");
    }

    @Test
    void aDedupVdevIsDedup() {
        PoolQuestion q = question(String.join("\n", "NAME STATE READ WRITE CKSUM", "dozer ONLINE 0 0 0", "  raidz1-0 ONLINE 0 0 0",
                "    /a ONLINE 0 0 0", "    /b ONLINE 0 0 0", "    /c ONLINE 0 0 0", "dedup", "  /d ONLINE 0 0 0", "  /e ONLINE 0 0 0"));

        assertThat(q.dedup()).isTrue();
        assertThat(q.dedupDevices()).isEqualTo(2);
        assertThat(q.description()).isEqualTo("from your pool: raidz1 × 1, 3 wide, dedup: 2");
    }

    @Test
    void aStripeOfSingleDevices() {
        PoolQuestion q = question(String.join("\n", "NAME STATE READ WRITE CKSUM", "scratch ONLINE 0 0 0", "  sda ONLINE 0 0 0",
                "  sdb ONLINE 0 0 0"));

        assertThat(q.layout()).isEqualTo(VdevType.DISK);
        assertThat(q.width()).isEqualTo(1);
        assertThat(q.description()).isEqualTo("from your pool: 2 single-device vdevs");
    }

    @Test
    void choosesTheNamedPoolOrTheOnlyOne() {
        PoolPaste two = PoolOutputParser.parse(fixture("status-degraded-nested-missing.txt"));

        assertThat(PoolQuestion.choose(two, "scratch").name()).isEqualTo("scratch");
        assertThatThrownBy(() -> PoolQuestion.choose(two, null)).isInstanceOfSatisfying(DomainException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("The paste shows 2 pools (vault, scratch): say which one with pool=NAME");
            assertThat(e.details()).containsEntry("parameter", "pool");
        });
        assertThatThrownBy(() -> PoolQuestion.choose(two, "tank")).isInstanceOf(DomainException.class)
                .hasMessage("The paste shows no pool named \"tank\"; it shows vault, scratch");
        PoolPaste histogramOnly = PoolOutputParser.parse(fixture("zdb-2.4-dedup-class.txt"));
        assertThatThrownBy(() -> PoolQuestion.choose(histogramOnly, null)).isInstanceOf(DomainException.class)
                .hasMessageContaining("shows no pool");
    }
}
