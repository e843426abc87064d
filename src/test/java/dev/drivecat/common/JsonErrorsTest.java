package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonErrorsTest {

    record SignUp(String email, List<String> roles, Integer minChangePercent, boolean confirmed) {
    }

    private static String describe(String json) {
        JsonProcessingException e = catchThrowableOfType(() -> new ObjectMapper().readValue(json, SignUp.class),
                JsonProcessingException.class);
        assertThat(e).as("Jackson refuses %s", json).isNotNull();
        return JsonErrors.describe(e);
    }

    @Test
    void aTextWhereAListBelongsIsSaidInJsonTermsWithoutJacksonInternals() {
        String said = describe("{\"roles\": \"slog\"}");
        assertThat(said).startsWith("At /roles (line 1, column 11): expected a list, found text")
                .doesNotContain("Creator", "constructor", "factory", "Cannot");
    }

    @Test
    void aListWhereTextBelongsAndAnObjectWhereANumberBelongsNameBothKinds() {
        assertThat(describe("{\"email\": [1]}")).contains("At /email").contains("expected text, found a list");
        assertThat(describe("{\"minChangePercent\": {}}")).contains("At /minChangePercent").contains("expected a number, found an object");
    }

    @Test
    void aBodyThatIsNotAnObjectSaysAnObjectWasExpected() {
        assertThat(describe("[1, 2]")).contains("expected an object, found a list");
    }

    @Test
    void brokenJsonStillSaysWhereItBroke() {
        assertThat(describe("{\"email\": ")).startsWith("Malformed JSON (line 1, column 11): ");
    }
}
