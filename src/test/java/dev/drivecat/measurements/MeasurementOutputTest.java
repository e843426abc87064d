package dev.drivecat.measurements;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.testing.TestResources;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class MeasurementOutputTest {

    static String fixture(String name) {
        return TestResources.text("fixtures/measurements/" + name);
    }

    static SyncWrite fio(String name) throws IOException {
        return FioOutput.parse(new ObjectMapper().readTree(fixture(name)));
    }

    @Test
    void readsTheFourKbyteRowOfDiskinfoAndTheDiskDescription() {
        SyncWrite w = DiskinfoOutput.parse(fixture("diskinfo-p1600x-58gb.txt"));
        assertThat(w.latencyUs()).isEqualByComparingTo("14.2");
        assertThat(w.blockSizeBytes()).isEqualTo(4096);
        assertThat(w.queueDepth()).isEqualTo(1);
        assertThat(w.test()).isEqualTo("sync-write");
        assertThat(w.deviceDescription()).isEqualTo("INTEL SSDPEK1A058GA");
        assertThat(w.rawLine()).isEqualTo("4 kbytes:     14.2 usec/IO =    275.1 Mbytes/s");
    }

    @Test
    void refusesDiskinfoWithoutAFourKbyteRowNamingTheRowsItHas() {
        assertThatThrownBy(() -> DiskinfoOutput.parse(fixture("diskinfo-no-4k-row.txt")))
                .isInstanceOf(MeasurementRejected.class)
                .hasMessageContaining("no 4 kbytes row").hasMessageContaining("8 kbytes, 16 kbytes");
    }

    @Test
    void refusesDiskinfoThatIsNotASyncWriteTest() {
        assertThatThrownBy(() -> DiskinfoOutput.parse(fixture("diskinfo-seek-times-only.txt")))
                .isInstanceOf(MeasurementRejected.class).hasMessageContaining("diskinfo -wS");
        assertThatThrownBy(() -> DiskinfoOutput.parse("hello, this is a forum post"))
                .isInstanceOf(MeasurementRejected.class).hasMessageContaining("not diskinfo -wS output");
    }

    @Test
    void addsFiosSyncLatencyToItsWriteLatencyForAnFsyncJob() throws IOException {
        SyncWrite w = fio("fio-fsync-randwrite.json");
        assertThat(w.test()).isEqualTo("fsync");
        assertThat(w.latencyUs()).isEqualByComparingTo("3001.201");
        assertThat(w.rawLine()).contains("slog-test").contains("sync lat_ns mean 3000000.0");
    }

    @Test
    void takesTheWriteLatencyAloneForAnOsyncJobWithGlobalOptions() throws IOException {
        SyncWrite w = fio("fio-sync-write.json");
        assertThat(w.test()).isEqualTo("sync-write");
        assertThat(w.latencyUs()).isEqualByComparingTo("21.5");
    }

    @Test
    void refusesAFioJobWhoseWritesNeedNotBeDurableSayingWhy() {
        assertThatThrownBy(() -> fio("fio-async-randwrite.json"))
                .isInstanceOf(MeasurementRejected.class)
                .hasMessageContaining("\"no-sync\"").hasMessageContaining("iodepth=32 is not 1");
        assertThatThrownBy(() -> FioOutput.parse(new ObjectMapper().readTree("{\"jobs\": []}")))
                .isInstanceOf(MeasurementRejected.class).hasMessageContaining("no \"jobs\" array");
    }

    @Test
    void readsFioSizesTheWayFioDoes() {
        assertThat(FioOutput.bytes("4k")).isEqualTo(4096);
        assertThat(FioOutput.bytes("4KiB")).isEqualTo(4096);
        assertThat(FioOutput.bytes("4096")).isEqualTo(4096);
        assertThat(FioOutput.bytes("1m")).isEqualTo(1024 * 1024);
        assertThat(FioOutput.bytes("big")).isEqualTo(-1);
    }
}
