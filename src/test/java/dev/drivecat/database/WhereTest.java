package dev.drivecat.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.common.ApiToken;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhereTest {

    enum Colour implements ApiToken {
        LIGHT_BLUE("light-blue"), RED("red");

        private final String token;

        Colour(String token) {
            this.token = token;
        }

        @Override
        public String token() {
            return token;
        }
    }

    @Test
    void aFilterLeftEmptyAddsNothing() {
        Where where = new Where().and(null).in("d.slug", "drives", List.of()).inTokens("d.colour", "colours", List.<Colour>of());
        assertThat(where.sql()).isEmpty();
        assertThat(where.params()).isEmpty();
    }

    @Test
    void conditionsJoinWithAndAndBindTheirValues() {
        Where where = new Where().and("NOT o.business_only").in("d.slug", "drives", List.of("a", "b"))
                .inTokens("d.colour", "colours", List.of(Colour.LIGHT_BLUE)).and("d.n >= :min", "min", 3);
        assertThat(where.sql()).isEqualTo(" WHERE NOT o.business_only AND d.slug IN (:drives) AND d.colour IN (:colours) AND d.n >= :min");
        assertThat(where.params()).isEqualTo(Map.of("drives", List.of("a", "b"), "colours", List.of("light-blue"), "min", 3));
    }
}
