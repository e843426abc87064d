package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.pricing.Condition;
import org.junit.jupiter.api.Test;

class ApiTokenTest {

    @Test
    void acceptsTheCommonSpellingsOfOneValue() {
        assertThat(ApiToken.parse(Condition.class, "newOldStock")).contains(Condition.NEW_OLD_STOCK);
        assertThat(ApiToken.parse(Condition.class, "NEW_OLD_STOCK")).contains(Condition.NEW_OLD_STOCK);
        assertThat(ApiToken.parse(Condition.class, "new-old-stock")).contains(Condition.NEW_OLD_STOCK);
        assertThat(ApiToken.parse(Condition.class, "refurbished")).contains(Condition.RENEWED);
        assertThat(ApiToken.parse(FormFactor.class, "M.2 2280")).contains(FormFactor.M2_2280);
        assertThat(ApiToken.parse(FormFactor.class, "2.5\"")).contains(FormFactor.INCH_2_5);
    }

    @Test
    void failsWithTheAllowedTokens() {
        assertThatThrownBy(() -> ApiToken.require(InterfaceFilter.class, "interface", "floppy"))
                .isInstanceOf(InvalidValueException.class)
                .hasMessageContaining("'floppy' is not a valid interface")
                .hasMessageContaining("sata, sas, nvme, m2, u2, u3, aic, e1s");
    }
}
