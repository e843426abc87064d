package dev.drivecat.web;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.List;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * Keeps a nullable reference nullable in the OpenAPI document. SmallRye describes a
 * {@code @Schema(nullable = true)} field of a record type as {@code anyOf: [$ref, {type: "null"}]}
 * beside a {@code type}, and for the second such field of the same type in a record it writes
 * {@code type: object} without {@code "null"} (ListingView.pendingSuspect beside current): that
 * type refuses the null the field carries, and validators rightly reject the answer. A schema
 * whose anyOf admits null gets null in its type list.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class NullableReferences implements OASFilter {

    @Override
    public Schema filterSchema(Schema schema) {
        List<Schema.SchemaType> type = schema.getType();
        List<Schema> anyOf = schema.getAnyOf();
        if (type != null && !type.isEmpty() && !type.contains(Schema.SchemaType.NULL) && anyOf != null
                && anyOf.stream().anyMatch(member -> List.of(Schema.SchemaType.NULL).equals(member.getType()))) {
            schema.addType(Schema.SchemaType.NULL);
        }
        return schema;
    }
}
