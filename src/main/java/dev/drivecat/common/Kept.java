package dev.drivecat.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Parts of an answer that recur from answer to answer, written as JSON once and copied after. A
 * /recommend answer is mostly the same drives' parts (the drive, its flush, its offer, the sentences
 * about its PLP and flush latency) whatever the question's write rate or limit, and encoding that
 * text to UTF-8 was over a third of a never-asked question's time.
 *
 * <p>Kept in the {@link Store} of the catalog snapshot whose answers repeat them, handed to the
 * writer as an attribute ({@link Store#writer}): made with the snapshot and gone with it, so it
 * needs no bound and no weak references. A part ({@link Json}) is kept by identity, so a part made
 * afresh for an answer is never hashed by its content; a text ({@link Text}) by its content (a
 * text keeps its own hash), and only the texts the ranking marks as recurring. A lookup is a hash
 * map's: one in a bounded Caffeine cache with weak keys, as these were kept before, cost more than
 * encoding a text again. Without a store everything is written as usual; the JSON is the same
 * either way ({@code KeptTest}).
 */
public final class Kept {

    private Kept() {
    }

    /** The parts and texts that recur in the answers from one catalog snapshot, each with its JSON. */
    public static final class Store {
        private final Map<String, SerializedString> texts = new ConcurrentHashMap<>();
        private final Map<Identity, SerializedString> parts = new ConcurrentHashMap<>();

        /** Marks a text that recurs in later answers; returns it. */
        public String keep(String text) {
            if (text != null) {
                texts.computeIfAbsent(text, SerializedString::new);
            }
            return text;
        }

        /** A writer whose {@link Text} and {@link Json} members copy what this store keeps. */
        public ObjectWriter writer(ObjectMapper mapper) {
            return mapper.writer().withAttribute(Store.class, this);
        }

        SerializedString json(String text) {
            return texts.get(text);
        }

        SerializedString part(Object part) {
            return parts.get(new Identity(part));
        }

        void keepPart(Object part, SerializedString json) {
            parts.putIfAbsent(new Identity(part), json);
        }
    }

    /** A part as a key by identity. */
    private record Identity(Object part) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Identity other && other.part == part;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(part);
        }
    }

    /**
     * For a text member or a list of texts ({@code contentUsing}): copies the JSON of a text the
     * writer's {@link Store} keeps (equal texts are written alike), and writes any other as usual.
     */
    public static final class Text extends StdSerializer<String> {
        public Text() {
            super(String.class);
        }

        @Override
        public void serialize(String value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            Store store = (Store) provider.getAttribute(Store.class);
            SerializedString kept = store == null ? null : store.json(value);
            if (kept != null) {
                gen.writeString(kept);
            } else {
                write(value, gen);
            }
        }

        /**
         * A text as Jackson writes it. Where Jackson would only copy its UTF-8 (no character it
         * escapes, no escaping configured), the JDK's encoder makes those bytes several times faster
         * than Jackson's encoding character by character, which the texts made for each answer
         * (about 7 KB of them) go through after their first non-ASCII character. Anything else,
         * and a '?' (what the JDK writes for a lone surrogate) or a character outside the BMP, is
         * left to Jackson.
         */
        static void write(String value, JsonGenerator gen) throws IOException {
            if (gen instanceof UTF8JsonGenerator && gen.getCharacterEscapes() == null
                    && !gen.isEnabled(JsonGenerator.Feature.ESCAPE_NON_ASCII)
                    && (gen.getFormatFeatures() & JsonWriteFeature.ESCAPE_FORWARD_SLASHES.getMask()) == 0) {
                byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
                if (copiable(utf8)) {
                    gen.writeRawUTF8String(utf8, 0, utf8.length);
                    return;
                }
            }
            gen.writeString(value);
        }

        private static boolean copiable(byte[] utf8) {
            for (byte b : utf8) {
                int u = b & 0xFF;
                if (u < 0x20 || u == '"' || u == '\\' || u == '?' || u >= 0xF0) {
                    return false;
                }
            }
            return true;
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
            Store store = (Store) provider.getAttribute(Store.class);
            if (store == null || !(gen.getCodec() instanceof ObjectMapper mapper)) {
                provider.findValueSerializer(value.getClass()).serialize(value, gen, provider);
                return;
            }
            SerializedString kept = store.part(value);
            if (kept == null) {
                kept = new SerializedString(mapper.writeValueAsString(value));
                store.keepPart(value, kept);
            }
            gen.writeRawValue(kept);
        }
    }
}
