package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Recurring parts of an answer are written once and copied after, as the same JSON. */
class KeptTest {

    private final ObjectMapper mapper = new ObjectMapper();

    /** A part that counts how often Jackson reads it. */
    static final class Part {
        final AtomicInteger reads = new AtomicInteger();
        final String text;

        Part(String text) {
            this.text = text;
        }

        public String getText() {
            reads.incrementAndGet();
            return text;
        }
    }

    record Answer(@JsonSerialize(using = Kept.Json.class) Part part,
                  @JsonSerialize(contentUsing = Kept.Text.class) List<String> reasons) {
    }

    record Plain(Part part, List<String> reasons) {
    }

    @Test
    void aKeptPartIsWrittenOnceAndCopiedAsTheSameJson() throws Exception {
        Part part = new Part("15 µs flush → 4,283 predicted sync IOPS, \"quoted\" and\ttabbed");
        String plain = mapper.writeValueAsString(new Plain(part, List.of("a")));
        part.reads.set(0);

        String first = mapper.writeValueAsString(new Answer(part, List.of("a")));
        String second = mapper.writeValueAsString(new Answer(part, List.of("a")));

        assertThat(first).isEqualTo(plain);
        assertThat(second).isEqualTo(plain);
        assertThat(part.reads).as("read for the first answer only").hasValue(1);
        assertThat(mapper.writeValueAsBytes(new Answer(part, List.of("a")))).isEqualTo(plain.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void anEqualPartMadeAfreshIsWrittenAfreshNotTakenForTheKeptOne() throws Exception {
        Part kept = new Part("same words");
        mapper.writeValueAsString(new Answer(kept, List.of()));
        Part afresh = new Part("same words");

        mapper.writeValueAsString(new Answer(afresh, List.of()));

        assertThat(afresh.reads).as("kept by identity, not by content").hasValue(1);
    }

    @Test
    void keptAndUnkeptTextsReadTheSameAsPlainOnes() throws Exception {
        String recurring = Kept.text("Power-loss protection stated by the vendor: \"PLP × 2 — ÷ µs\".");
        String afresh = "About 27.0 years of rated endurance at 12.345 MB/s (10 DWPD × 0.960 TB).";
        Part part = new Part("x");

        String kept = mapper.writeValueAsString(new Answer(part, List.of(recurring, afresh, recurring)));
        String plain = mapper.writeValueAsString(new Plain(part, List.of(recurring, afresh, recurring)));

        assertThat(kept).isEqualTo(plain).contains("\\\"PLP × 2 — ÷ µs\\\"");
        assertThat(Kept.text(null)).isNull();
    }
}
