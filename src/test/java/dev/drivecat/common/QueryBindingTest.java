package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.pricing.Condition;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryBindingTest {

    record Asked(@QueryParam("condition") List<Condition> conditions, @QueryParam("price") @DecimalMin("0.01") BigDecimal price,
                 @QueryParam("count") @Min(1) @Max(64) Integer count, @QueryParam("on") Boolean on, @QueryParam("note") String note) {
    }

    static Asked bind(Map<String, List<String>> raw) {
        return QueryBinding.of(Asked.class).bind(raw);
    }

    @Test
    void listsTakeValuesRepeatedOrCommaSeparatedOnceEachInOrder() {
        Asked a = bind(Map.of("condition", List.of("used, new-old-stock", "USED")));
        assertThat(a.conditions()).containsExactly(Condition.USED, Condition.NEW_OLD_STOCK);
        assertThat(bind(Map.of()).conditions()).isEmpty();
    }

    @Test
    void eachValueIsReadWithinTheBoundsItsConstraintsDeclareAndBlankIsNoValue() {
        Asked a = bind(Map.of("price", List.of("1e1"), "count", List.of(" 64"), "on", List.of("yes"), "note", List.of(" as is ")));
        assertThat(a.price()).isEqualByComparingTo("10");
        assertThat(a.count()).isEqualTo(64);
        assertThat(a.on()).isTrue();
        assertThat(a.note()).isEqualTo(" as is ");
        assertThat(bind(Map.of("price", List.of(""), "count", List.of(" "))).price()).isNull();
    }

    @Test
    void aValueThatDoesNotConvertIsA400NamingTheParameterAndWhatItTakes() {
        assertThatThrownBy(() -> bind(Map.of("price", List.of("0")))).isInstanceOf(DomainException.class)
                .hasMessage("price must be a number of at least 0.01, not '0'");
        assertThatThrownBy(() -> bind(Map.of("count", List.of("65")))).isInstanceOf(DomainException.class)
                .hasMessage("count must be a whole number from 1 to 64, not '65'");
        assertThatThrownBy(() -> bind(Map.of("condition", List.of("mint")))).isInstanceOf(InvalidValueException.class)
                .satisfies(e -> assertThat(((InvalidValueException) e).allowed()).containsExactly(ApiToken.tokens(Condition.class)
                        .toArray(String[]::new)));
        assertThatThrownBy(() -> bind(Map.of("on", List.of("maybe")))).hasMessage("on must be true or false, not 'maybe'");
    }

    @Test
    void aSingleValueGivenTwiceIsA400() {
        assertThatThrownBy(() -> bind(Map.of("count", List.of("1", "2")))).isInstanceOf(DomainException.class)
                .hasMessage("count must be given once, not '1,2'");
    }

    @Test
    void jaxRsGetsTheSameReaderAndItsFailureCarriesTheProblem() throws Exception {
        Annotation[] annotations = Asked.class.getDeclaredField("count").getAnnotations();
        ParamConverter<Integer> converter = new QueryValues().getConverter(Integer.class, Integer.class, annotations);
        assertThat(converter.fromString("12")).isEqualTo(12);
        assertThatThrownBy(() -> converter.fromString("0")).isInstanceOf(BadRequestException.class)
                .satisfies(e -> assertThat(DomainException.in(e)).get().extracting(DomainException::getMessage)
                        .isEqualTo("count must be a whole number from 1 to 64, not '0'"));
        // a parameter that does not name itself is left to JAX-RS
        assertThat(new QueryValues().getConverter(Integer.class, Integer.class, new Annotation[0])).isNull();
    }
}
