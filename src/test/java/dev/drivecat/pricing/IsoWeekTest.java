package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class IsoWeekTest {

    @Test
    void aWeekRunsFromMondayToMondayInItsZone() {
        IsoWeek w = IsoWeek.parse("2026-W48").orElseThrow();
        assertThat(w.start(ZoneOffset.UTC)).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
        assertThat(w.end(ZoneOffset.UTC)).isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
        assertThat(w.start(ZoneId.of("Europe/Berlin"))).isEqualTo(Instant.parse("2026-11-22T23:00:00Z"));
        assertThat(w.toString()).isEqualTo("2026-W48");
    }

    @Test
    void weeksAtTheTurnOfTheYearBelongToTheirIsoYear() {
        // 2026-12-31 is a Thursday: week 53 of 2026; 2027-01-01 too
        assertThat(IsoWeek.of(Instant.parse("2027-01-01T12:00:00Z"), ZoneOffset.UTC)).hasToString("2026-W53");
        assertThat(IsoWeek.parse("2026-W53")).isPresent();
        assertThat(IsoWeek.parse("2027-W53")).isEmpty();
        assertThat(IsoWeek.parse("2027-W01").orElseThrow().previous()).hasToString("2026-W53");
    }

    @Test
    void rejectsWhatIsNotAnIsoWeek() {
        assertThat(IsoWeek.parse("2026-48")).isEmpty();
        assertThat(IsoWeek.parse("2026-W00")).isEmpty();
        assertThat(IsoWeek.parse("2026-W7")).isEmpty();
        assertThat(IsoWeek.parse("last week")).isEmpty();
        assertThat(IsoWeek.parse("2026w48")).contains(new IsoWeek(2026, 48));
    }
}
