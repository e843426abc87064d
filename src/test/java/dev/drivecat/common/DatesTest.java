package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class DatesTest {

    @Test
    void writesRangesAsPeopleDo() {
        assertThat(Dates.range(LocalDate.parse("2026-11-23"), LocalDate.parse("2026-11-29"))).isEqualTo("23\u201329 Nov 2026");
        assertThat(Dates.range(LocalDate.parse("2026-11-30"), LocalDate.parse("2026-12-06"))).isEqualTo("30 Nov \u2013 6 Dec 2026");
        assertThat(Dates.range(LocalDate.parse("2026-12-28"), LocalDate.parse("2027-01-03"))).isEqualTo("28 Dec 2026 \u2013 3 Jan 2027");
        assertThat(Dates.range(LocalDate.parse("2026-09-01"), LocalDate.parse("2026-09-01"))).isEqualTo("1 Sep 2026");
    }

    @Test
    void anIsoWeekEndingAtMidnightIsItsSevenDays() {
        assertThat(Dates.window(Instant.parse("2026-11-23T00:00:00Z"), Instant.parse("2026-11-30T00:00:00Z"), ZoneOffset.UTC))
                .isEqualTo("23\u201329 Nov 2026");
    }

    @Test
    void writesTimesAndAges() {
        assertThat(Dates.dateTime(Instant.parse("2026-11-30T14:05:09Z"))).isEqualTo("30 Nov 2026, 14:05 UTC");
        assertThat(Dates.day(Instant.parse("2026-10-21T00:00:00Z"))).isEqualTo("21 Oct 2026");
        assertThat(Dates.age(0)).isEqualTo("today");
        assertThat(Dates.age(1)).isEqualTo("yesterday");
        assertThat(Dates.age(40)).isEqualTo("40 days ago");
    }
}
