package dev.drivecat.digest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class DigestSubjectTest {

    static final IsoWeek W47 = new IsoWeek(2026, 47);

    static PriceChange change(String name, String percent, ChangeKind... kinds) {
        return new PriceChange(name.toLowerCase().replace(' ', '-'), "Vendor " + name, name, Interface.NVME, FormFactor.U2,
                "http://localhost:8080/drives/x", "USD", Condition.NEW, SellerType.THIRD_PARTY, List.of(kinds), null, null, null,
                percent == null ? null : new BigDecimal(percent), null, 0);
    }

    @Test
    void namesTheDropsLargestFirstWithWholePercents() {
        String subject = DigestSubject.of(List.of(
                change("PM893 480GB", "-3.2", ChangeKind.PRICE_DROP),
                change("Optane SSD DC P4800X 375GB", "-11.9", ChangeKind.PRICE_DROP, ChangeKind.NEW_LOW),
                change("7450 PRO 480GB", "-5.0", ChangeKind.PRICE_DROP)), W47);
        assertThat(subject).isEqualTo("3 price drops: Optane SSD DC P4800X 375GB \u221212%, 7450 PRO 480GB \u22125%, PM893 480GB \u22123%");
    }

    @Test
    void countsWhatItDoesNotName() {
        String subject = DigestSubject.of(List.of(
                change("A", "-10", ChangeKind.PRICE_DROP), change("B", "-9", ChangeKind.PRICE_DROP), change("C", "-8", ChangeKind.PRICE_DROP),
                change("D", "-7", ChangeKind.PRICE_DROP), change("E", "12", ChangeKind.PRICE_RISE)), W47);
        assertThat(subject).isEqualTo("4 price drops: A \u221210%, B \u22129%, C \u22128% and 2 more changes");
    }

    @Test
    void withoutDropsLeadsWithWhatCameBackInStock() {
        assertThat(DigestSubject.of(List.of(change("P1600X 118GB", null, ChangeKind.BACK_IN_STOCK),
                change("PM9A3 960GB", "4.0", ChangeKind.PRICE_RISE)), W47))
                .isEqualTo("1 back in stock: P1600X 118GB back in stock and 1 more change");
        assertThat(DigestSubject.of(List.of(change("PM9A3 960GB", "4.0", ChangeKind.PRICE_RISE)), W47))
                .isEqualTo("1 price change: PM9A3 960GB +4%");
    }

    @Test
    void anEmptyWeekSaysSo() {
        assertThat(DigestSubject.of(List.of(), W47)).isEqualTo("No price changes for your drives in 2026-W47");
    }
}
