package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FormFieldsTest {

    @Test
    void readsRepeatedFieldsInTheirOrderAndDecodesThem() {
        assertThat(FormFields.read("role=special&interface=u2&interface=sata&paste=a+b%0Ac%09d"))
                .containsExactly(Map.entry("role", List.of("special")), Map.entry("interface", List.of("u2", "sata")),
                        Map.entry("paste", List.of("a b\nc\td")));
    }

    @Test
    void aBrokenEscapeLeavesNoFieldBehindNotAnEmptyOne() {
        assertThat(FormFields.read("token=%zz&other=1")).containsExactly(Map.entry("other", List.of("1")));
        assertThat(FormFields.read("=nameless&%zz=x")).isEmpty();
        assertThat(FormFields.read("")).isEmpty();
        assertThat(FormFields.read(null)).isEmpty();
    }
}
