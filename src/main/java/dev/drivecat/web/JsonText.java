package dev.drivecat.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.drivecat.common.Text;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Refuses, in any text member of a JSON body, what no text of drivecat holds ({@link Text#firstRemoved}:
 * NUL and the other control characters but tab, line feed and carriage return, noncharacters, lone
 * surrogates), as a 400 that points at the member. PostgreSQL cannot store NUL in text, so such a
 * value would otherwise fail deep in a transaction; the others would reach the feed, the charts, the
 * CSV export and the mails.
 */
@Singleton
public class JsonText implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new SimpleModule("drivecat-json-text").addDeserializer(String.class, new PrintableText()));
        // Jackson's messages quote the token they choke on: at most as much of it as any other message quotes
        mapper.getFactory().setErrorReportConfiguration(com.fasterxml.jackson.core.ErrorReportConfiguration.builder()
                .maxErrorTokenLength(Text.QUOTED_LENGTH).maxRawContentLength(Text.QUOTED_LENGTH).build());
    }

    static final class PrintableText extends StdScalarDeserializer<String> {

        PrintableText() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String value = StringDeserializer.instance.deserialize(parser, context);
            int at = Text.firstRemoved(value);
            if (at >= 0) {
                throw InvalidFormatException.from(parser, String.format("a text value holds U+%04X%s at position %d, which no member of "
                        + "this API takes: text members take printable text, tabs and line breaks", value.codePointAt(at),
                        value.charAt(at) == 0 ? " (NUL)" : "", at + 1), null, String.class);
            }
            return value;
        }
    }
}
