package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecimalInputTest {

    /** Numbers whose scale explodes when written out, or lies past PostgreSQL's numeric scale. */
    static final List<String> HOSTILE = List.of("1e100000000", "1e999999999", "1E+2147483647", "-1e999999999", "1e-100000",
            "1e-2147483647", "0.0000000000001", "1234567890123456", "9".repeat(65));

    @Test
    void refusesHugeAndTinyExponentsWithoutWritingThemOut() {
        for (String text : HOSTILE) {
            assertThat(DecimalInput.read(text)).as(text).isEmpty();
            assertThat(DecimalInput.problem(text)).as(text).isNotNull().hasSizeLessThan(80);
        }
        assertThat(DecimalInput.problem(new BigDecimal("1e100000000"))).contains("before the decimal point");
        assertThat(DecimalInput.problem(new BigDecimal("1e-100000"))).contains("after the decimal point");
    }

    @Test
    void takesWhatDrivecatsFiguresAreWhateverTheyAreWrittenAs() {
        for (String text : List.of("0", "0e-100000", "5", "-5", "1e3", "1E+14", "0.000000000001", "0.500000000000000000000", "420.00",
                "999999999999999", " 7 ", "2.5e-3")) {
            assertThat(DecimalInput.read(text)).as(text).isPresent();
        }
        assertThat(DecimalInput.read(DoubleNode.valueOf(1e14))).hasValueSatisfying(v -> assertThat(v.toPlainString()).isEqualTo("100000000000000"));
        assertThat(DecimalInput.read(DecimalNode.valueOf(new BigDecimal("1e3")))).hasValueSatisfying(v -> assertThat(v.toPlainString()).isEqualTo("1000"));
        assertThat(DecimalInput.read(IntNode.valueOf(5))).contains(BigDecimal.valueOf(5));
        assertThat(DecimalInput.problem("NaN")).isEqualTo(DecimalInput.NOT_A_NUMBER);
        assertThat(DecimalInput.plain(new BigDecimal("5.00"))).isEqualTo("5");
        assertThat(DecimalInput.plain(new BigDecimal("1e1000000000"))).isEqualTo("1E+1000000000");
    }

    @Test
    void aJsonNumberIsReadWhenItIsFiniteAndInsideTheBounds() {
        for (String text : HOSTILE) {
            assertThat(DecimalInput.read(DecimalNode.valueOf(new BigDecimal(text)))).as(text).isEmpty();
        }
        assertThat(DecimalInput.read(DoubleNode.valueOf(Double.POSITIVE_INFINITY))).isEmpty();
        assertThat(DecimalInput.read(DoubleNode.valueOf(Double.NaN))).isEmpty();
        assertThat(DecimalInput.read(TextNode.valueOf("5"))).as("text is no JSON number").isEmpty();
        assertThat(DecimalInput.read(NullNode.getInstance())).isEmpty();
        assertThat(DecimalInput.read((JsonNode) null)).isEmpty();
    }

    @Test
    void everyDecimalQueryParameterIsBoundedBeforeItsRangeIsChecked() {
        for (String text : HOSTILE) {
            assertThatThrownBy(() -> Params.decimal("maxPrice", text, new BigDecimal("0.01"), null))
                    .isInstanceOfSatisfying(DomainException.class, e -> {
                        assertThat(e.details()).containsEntry("parameter", "maxPrice");
                        assertThat(e.getMessage()).hasSizeLessThan(400).contains("at most 15 digits");
                    });
        }
        assertThat(Params.decimal("minDwpd", "1e1", BigDecimal.ZERO, null)).contains(BigDecimal.TEN);
        assertThat(Params.decimal("minDwpd", "1.50", BigDecimal.ZERO, null)).contains(new BigDecimal("1.50"));
        assertThatThrownBy(() -> Params.decimal("minDwpd", "abc", BigDecimal.ZERO, null)).hasMessage("minDwpd must be a number of at least 0, not 'abc'");
    }

    @Test
    void aRefusedValueIsQuotedShortAndEscaped() {
        DomainException e = Params.invalid("q", "x".repeat(4000) + "\r\n", "short");
        assertThat(e.getMessage()).hasSizeLessThan(150).contains("(4002 characters)").doesNotContain("\r").doesNotContain("\n");
        assertThat(Params.invalid("q", "a\u0000b\r\n", "short").getMessage()).contains("a\\u0000b\\r\\n");
        assertThat(new InvalidValueException("role", "y".repeat(10_000), List.of("slog")).getMessage()).hasSizeLessThan(150);
    }
}
