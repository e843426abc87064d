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

    @Test
    void scoreComponentsAndWeightsAreNamedByTheirTokensInTheRolesOrder() throws Exception {
        Map<ScoreComponent, Integer> weights = RankingModel.weights(RankingModelTest.query("role", "special", "hasSlog", "true"));
        assertThat(mapper.writeValueAsString(weights)).isEqualTo("{\"plp\":15,\"endurance\":15,\"price\":50,\"room\":20}");
        assertThat(mapper.writeValueAsString(RankingModel.weights(RankingModelTest.query("role", "slog"))))
                .isEqualTo("{\"flush\":35,\"plp\":25,\"endurance\":15,\"price\":25}");
        assertThat(mapper.writeValueAsString(new Recommendation.Component(ScoreComponent.ROOM, 20, 0.5, 10, "in")))
                .isEqualTo("{\"name\":\"room\",\"weight\":20,\"value\":0.5,\"points\":10.0,\"input\":\"in\"}");
    }

    @Test
    void aQuestionIsEchoedAsOneFlatObjectWithTheMembersOfItsRoleOnly() throws Exception {
        com.fasterxml.jackson.databind.JsonNode special = mapper.valueToTree(RankingModelTest.query("role", "special", "layout",
                "raidz2", "width", "6", "maxSetPrice", "900"));
        assertThat(special.get("role").asText()).isEqualTo("special");
        assertThat(special.get("layout").asText()).isEqualTo("raidz2");
        assertThat(special.get("width").asInt()).isEqualTo(6);
        assertThat(special.get("setSize").asInt()).isEqualTo(3);
        assertThat(special.get("maxSetPrice").decimalValue()).isEqualByComparingTo("900");
        assertThat(special.get("hasSlog").asBoolean()).isFalse();
        assertThat(special.get("openzfsVersion").asText()).isEqualTo("2.4");
        assertThat(special.has("slogMirror")).isFalse();
        assertThat(special.has("common")).isFalse();
        assertThat(special.has("set")).isFalse();

        com.fasterxml.jackson.databind.JsonNode log = mapper.valueToTree(RankingModelTest.query("role", "slog"));
        assertThat(log.get("slogMirror").asBoolean()).isFalse();
        assertThat(log.has("setSize")).isFalse();
        assertThat(log.has("layout")).isFalse();
        assertThat(mapper.valueToTree(RankingModelTest.query("role", "slog", "slogMirror", "true")).get("setSize").asInt())
                .isEqualTo(2);
    }
}
