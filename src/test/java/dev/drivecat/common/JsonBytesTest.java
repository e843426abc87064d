package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class JsonBytesTest {

    private final ObjectWriter writer = new ObjectMapper().writer();

    private static Map<String, Object> value(int items) {
        return Map.of("items", IntStream.range(0, items).mapToObj(i -> "item " + i + " → µs").toList());
    }

    @Test
    void longAndShortValuesInTurnOnOneThreadAreEachWrittenAsTheWriterWritesThem() throws Exception {
        JsonBytes json = new JsonBytes(256);
        for (Map<String, Object> v : List.of(value(3), value(200), value(1), value(0), value(200), value(2))) {
            assertThat(json.write(writer, v)).isEqualTo(writer.writeValueAsBytes(v));
        }
        assertThat(writer.writeValueAsBytes(value(200)).length).as("a value longer than the buffer is among them")
                .isGreaterThan(json.bufferBytes());
    }

    @Test
    void eachValueGetsAnArrayOfItsOwn() {
        JsonBytes json = new JsonBytes(1024);
        byte[] first = json.write(writer, value(2));
        byte[] copy = first.clone();
        json.write(writer, value(5));
        assertThat(first).as("writing the next value leaves the first one's bytes as they were").isEqualTo(copy);
    }
}
