package dev.drivecat.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A problem's extension members reach the client in the order they were added, on every start. */
class ProblemTest {

    @Test
    void extensionMembersKeepTheirOrder() {
        Problem p = Problem.of(ProblemType.INVALID_PARAMETER, "bad").with("parameter", "interface").with("allowed", "x")
                .with("reason", "r").with("limit", 3).with("hint", "h").with("example", "e");
        assertThat(p.extensions().keySet()).containsExactly("parameter", "allowed", "reason", "limit", "hint", "example");
    }

    @Test
    void extensionMembersFollowTheStandardOnesInTheJson() throws Exception {
        String json = new ObjectMapper().findAndRegisterModules().writeValueAsString(
                Problem.of(ProblemType.INVALID_PARAMETER, "bad").with("parameter", "interface").with("allowed", "x"));
        assertThat(json.indexOf("\"parameter\"")).isGreaterThan(json.indexOf("\"detail\"")).isLessThan(json.indexOf("\"allowed\""));
    }
}
