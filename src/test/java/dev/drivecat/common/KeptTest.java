package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
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
        ObjectWriter writer = new Kept.Store().writer(mapper);

        String first = writer.writeValueAsString(new Answer(part, List.of("a")));
        String second = writer.writeValueAsString(new Answer(part, List.of("a")));

        assertThat(first).isEqualTo(plain);
        assertThat(second).isEqualTo(plain);
        assertThat(part.reads).as("read for the first answer only").hasValue(1);
        assertThat(writer.writeValueAsBytes(new Answer(part, List.of("a")))).isEqualTo(plain.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void withoutAStoreAPartIsWrittenAsUsualEveryTime() throws Exception {
        Part part = new Part("written as usual");
        String plain = mapper.writeValueAsString(new Plain(part, List.of("a")));
        part.reads.set(0);

        assertThat(mapper.writeValueAsString(new Answer(part, List.of("a")))).isEqualTo(plain);
        assertThat(mapper.writeValueAsString(new Answer(part, List.of("a")))).isEqualTo(plain);
        assertThat(part.reads).hasValue(2);
    }

    @Test
    void anEqualPartMadeAfreshIsWrittenAfreshNotTakenForTheKeptOne() throws Exception {
        ObjectWriter writer = new Kept.Store().writer(mapper);
        Part kept = new Part("same words");
        writer.writeValueAsString(new Answer(kept, List.of()));
        Part afresh = new Part("same words");

        writer.writeValueAsString(new Answer(afresh, List.of()));

        assertThat(afresh.reads).as("kept by identity, not by content").hasValue(1);
    }

    @Test
    void keptAndUnkeptTextsReadTheSameAsPlainOnes() throws Exception {
        Kept.Store texts = new Kept.Store();
        String recurring = texts.keep("Power-loss protection stated by the vendor: \"PLP × 2 — ÷ µs\".");
        String afresh = "About 27.0 years of rated endurance at 12.345 MB/s (10 DWPD × 0.960 TB).";
        Part part = new Part("x");

        String kept = texts.writer(mapper).writeValueAsString(new Answer(part, List.of(recurring, afresh, recurring)));
        String plain = mapper.writeValueAsString(new Plain(part, List.of(recurring, afresh, recurring)));
        String withoutTexts = mapper.writeValueAsString(new Answer(part, List.of(recurring, afresh, recurring)));

        assertThat(kept).isEqualTo(plain).isEqualTo(withoutTexts).contains("\\\"PLP × 2 — ÷ µs\\\"");
        // the service writes bytes: kept texts are copied there as encoded UTF-8
        assertThat(texts.writer(mapper).writeValueAsBytes(new Answer(part, List.of(recurring, afresh, recurring))))
                .isEqualTo(mapper.writeValueAsBytes(new Plain(part, List.of(recurring, afresh, recurring))));
        assertThat(texts.keep(null)).isNull();
    }

    @Test
    void anEqualTextFindsTheKeptJsonOfItsOwnStoreOnly() throws Exception {
        Kept.Store texts = new Kept.Store();
        String recurring = texts.keep("15 µs flush → 4,283 predicted sync IOPS");
        String equal = new String(recurring.toCharArray());

        String kept = texts.writer(mapper).writeValueAsString(new Answer(new Part("x"), List.of(equal)));

        assertThat(texts.json(equal)).isSameAs(texts.json(recurring));
        assertThat(kept).contains("\"15 µs flush → 4,283 predicted sync IOPS\"");
        assertThat(new Kept.Store().json(recurring)).as("kept per snapshot, not for every writer").isNull();
    }

    @Test
    void aTextNotKeptIsWrittenAsJacksonWritesItWhateverItHolds() throws Exception {
        List<String> texts = List.of(
                "10 DWPD × 0.960 TB = 9.60 TB a day ÷ 158 TB a year at 5 MB/s",
                "15 µs flush → 4,283 predicted sync IOPS",
                "quoted \"PLP\", back\\slash, tab\tand newline\n, bell \u0007",
                "Why? a question",
                "outside the BMP: \uD83D\uDCBE",
                "a lone \uD800 surrogate",
                "plain ASCII only", "");
        Part part = new Part("x");

        byte[] kept = new Kept.Store().writer(mapper).writeValueAsBytes(new Answer(part, texts));
        byte[] plain = mapper.writeValueAsBytes(new Plain(part, texts));

        assertThat(new String(kept, java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(plain, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(kept).isEqualTo(plain);
    }
}
