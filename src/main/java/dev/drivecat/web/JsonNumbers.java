package dev.drivecat.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.drivecat.common.DecimalInput;
import dev.drivecat.common.Text;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Numbers in every JSON body, where Jackson reads them, as a 400 that points at the member:
 * <ul>
 * <li>a decimal member ({@code BigDecimal}: minChangePercent, an import's prices) must lie within
 * {@link DecimalInput}'s bounds, the same as a query parameter's: {@code 1e1000000000} reads in a
 * moment but writes out as a billion digits;</li>
 * <li>a floating-point member, and any number in a document read as a tree (an import's spec values,
 * fio's output), must be finite: {@code 1e999} reads as Infinity, which no figure of drivecat is
 * and which {@code BigDecimal} cannot hold.</li>
 * </ul>
 */
@Singleton
public class JsonNumbers implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new SimpleModule("drivecat-json-numbers")
                .addDeserializer(BigDecimal.class, new BoundedDecimal())
                .addDeserializer(Double.class, new FiniteDouble(Double.class, null))
                .addDeserializer(Double.TYPE, new FiniteDouble(Double.TYPE, 0.0))
                .addDeserializer(JsonNode.class, new FiniteTree()));
    }

    static final class BoundedDecimal extends StdScalarDeserializer<BigDecimal> {

        BoundedDecimal() {
            super(BigDecimal.class);
        }

        @Override
        public BigDecimal deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            BigDecimal value = NumberDeserializers.BigDecimalDeserializer.instance.deserialize(parser, context);
            String problem = DecimalInput.problem(value);
            if (problem != null) {
                throw InvalidFormatException.from(parser, "expected " + DecimalInput.ALLOWED + ", but " + problem + " ("
                        + Text.quote(parser.getText()) + ")", null, BigDecimal.class);
            }
            return value == null ? null : DecimalInput.normal(value);
        }
    }

    static final class FiniteDouble extends NumberDeserializers.DoubleDeserializer {

        FiniteDouble(Class<Double> type, Double valueForNull) {
            super(type, valueForNull);
        }

        @Override
        public Double deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            Double value = super.deserialize(parser, context);
            if (value != null && !Double.isFinite(value)) {
                throw notFinite(parser);
            }
            return value;
        }
    }

    /** Jackson's own tree, refused when a number in it is not finite. */
    static final class FiniteTree extends StdDeserializer<JsonNode> {

        @SuppressWarnings("unchecked")
        private final JsonDeserializer<JsonNode> standard = (JsonDeserializer<JsonNode>) JsonNodeDeserializer.getDeserializer(JsonNode.class);

        FiniteTree() {
            super(JsonNode.class);
        }

        @Override
        public JsonNode deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            JsonNode tree = standard.deserialize(parser, context);
            // iteratively: the reader allows nesting up to StreamReadConstraints' depth
            Deque<JsonNode> pending = new ArrayDeque<>();
            pending.push(tree);
            while (!pending.isEmpty()) {
                JsonNode node = pending.pop();
                if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
                    throw notFinite(parser);
                }
                if (node.isContainerNode()) {
                    node.forEach(pending::push);
                }
            }
            return tree;
        }

        @Override
        public JsonNode getNullValue(DeserializationContext context) {
            return NullNode.getInstance();
        }

        @Override
        public Object getAbsentValue(DeserializationContext context) {
            return null; // as Jackson's own: an absent member is no node, an explicit null a NullNode
        }
    }

    private static InvalidFormatException notFinite(JsonParser parser) {
        return InvalidFormatException.from(parser, "a number too large to hold (it reads as infinity); expected a finite number", null,
                Double.class);
    }
}
