package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImportRejectedExceptionTest {

    @Test
    void eachErrorIsWrittenPointerThenMessage() throws Exception {
        ImportRejectedException e = new ImportRejectedException(List.of(new ImportError("/drives/0/slug", "must be lower-case words"),
                new ImportError("/sources/v/url", "must be an http or https URL")));
        assertThat(new ObjectMapper().writeValueAsString(e.details().get("errors"))).isEqualTo(
                "[{\"pointer\":\"/drives/0/slug\",\"message\":\"must be lower-case words\"},"
                        + "{\"pointer\":\"/sources/v/url\",\"message\":\"must be an http or https URL\"}]");
    }
}
