package dev.drivecat.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Refuses U+0000 (NUL) in any text member of a JSON body as a 400 that points at the member.
 * PostgreSQL cannot store NUL in text, so such a value would otherwise fail deep in a transaction;
 * no member of this API means anything with a NUL in it.
 */
@Singleton
public class JsonText implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new SimpleModule("drivecat-json-text").addDeserializer(String.class, new WithoutNul()));
    }

    static final class WithoutNul extends StdScalarDeserializer<String> {

        WithoutNul() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String value = StringDeserializer.instance.deserialize(parser, context);
            if (value != null && value.indexOf('\0') >= 0) {
                throw InvalidFormatException.from(parser, "a text value holds U+0000 (NUL), which no member of this API takes",
                        value, String.class);
            }
            return value;
        }
    }
}
