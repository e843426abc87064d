package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The answer's typed members are written as the API's tokens, as they were when they were strings. */
class RecommendationJsonTest {

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void exclusionsAreCountedAndListedByTheirTokens() throws Exception {
        Map<Exclusion, Integer> byReason = new EnumMap<>(Exclusion.class);
        byReason.put(Exclusion.OVER_MAX_SET_PRICE, 2);
        byReason.put(Exclusion.NO_PLP, 1);
        String json = mapper.writeValueAsString(new Recommendation.FilteredOut(3, byReason,
                List.of(new Recommendation.Excluded("a", Exclusion.NO_PLP, "why"))));
        assertThat(json).isEqualTo("{\"total\":3,\"byReason\":{\"noPlp\":1,\"overMaxSetPrice\":2},"
                + "\"drives\":[{\"slug\":\"a\",\"reason\":\"noPlp\",\"detail\":\"why\"}]}");
    }
}
