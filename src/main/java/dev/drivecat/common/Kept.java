package dev.drivecat.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;

/**
 * Parts of an answer that recur from answer to answer, written as JSON once and copied after. A
 * /recommend answer is mostly the same drives' parts (the drive, its flush, its offer, the sentences
 * about its PLP and flush latency) whatever the question's write rate or limit, and encoding that
 * text to UTF-8 was over a third of a never-asked question's time.
 *
 * <p>Kept by identity (Caffeine's weak keys): a part is kept while the catalog snapshot that made it
 * holds it, and a part made afresh for an answer is never looked up by its content, so nothing is
 * hashed. Only what the ranking marks as recurring is kept; everything else is written as usual.
 * The JSON is the same either way ({@code KeptTest}).
 */
public final class Kept {

    /** Bounded: the drives shown recently, a few parts each. */
    private static final int MAXIMUM = 20_000;

    private static final Cache<Object, SerializedString> JSON = Caffeine.newBuilder().weakKeys().maximumSize(MAXIMUM).build();
    private static final Cache<String, SerializedString> TEXT = Caffeine.newBuilder().weakKeys().maximumSize(MAXIMUM).build();

    private Kept() {
    }

    /** Marks a text that recurs (the same instance) in later answers; returns it. */
    public static String text(String text) {
        if (text != null && TEXT.getIfPresent(text) == null) {
            TEXT.put(text, new SerializedString(text));
        }
        return text;
    }

    /** For a text member or a list of texts ({@code contentUsing}): copies a kept text's encoded bytes. */
    public static final class Text extends StdSerializer<String> {
        public Text() {
            super(String.class);
        }

        @Override
        public void serialize(String value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            SerializedString kept = TEXT.getIfPresent(value);
            if (kept != null) {
                gen.writeString(kept);
            } else {
                gen.writeString(value);
            }
        }
    }

    /**
     * For a member whose value recurs as the same instance: written once with the mapper writing the
     * answer, then copied. Put it on the member, never on the value's class (that would recurse).
     */
    public static final class Json extends StdSerializer<Object> {
        public Json() {
            super(Object.class);
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            SerializedString kept = JSON.getIfPresent(value);
            if (kept == null) {
                ObjectCodec codec = gen.getCodec();
                if (!(codec instanceof ObjectMapper mapper)) {
                    provider.findValueSerializer(value.getClass()).serialize(value, gen, provider);
                    return;
                }
                kept = new SerializedString(mapper.writeValueAsString(value));
                JSON.put(value, kept);
            }
            gen.writeRawValue(kept);
        }
    }
}
