package dev.drivecat.web;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.drivecat.common.Members;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

/**
 * An RFC 9457 problem detail. {@code type} is stable and machine-readable, {@code title} is the
 * same for every problem of that type, {@code detail} says what was wrong with this request and
 * what is allowed. Extension members carry the specifics (e.g. {@code allowed}, {@code errors}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"type", "title", "status", "detail", "instance"})
@Schema(name = "Problem", description = "RFC 9457 problem details (application/problem+json). Extension members carry the "
        + "specifics: parameter (the parameter that was wrong), allowed (the values it takes), errors, pointer, maximum, "
        + "retryAfterSeconds, reference.",
        additionalProperties = Schema.True.class,
        properties = {
                @SchemaProperty(name = "parameter", type = SchemaType.STRING, examples = "interface",
                        description = "The query or path parameter this problem is about, when it is about one."),
                @SchemaProperty(name = "allowed", type = SchemaType.ARRAY, implementation = String.class,
                        description = "The values the parameter takes, when they are a closed set.")
        })
public record Problem(
        @Schema(description = "Stable identifier of the problem type.", examples = "urn:problem-type:drivecat:invalid-parameter")
        String type,
        @Schema(description = "Short summary, the same for every problem of this type.", examples = "Invalid parameter")
        String title,
        @Schema(description = "The HTTP status code.", examples = "400")
        int status,
        @Schema(description = "What was wrong with this request and what is allowed.",
                examples = "'floppy' is not a valid interface; allowed: sata, sas, nvme, m2, u2, u3, aic, e1s")
        String detail,
        @Schema(description = "The request path.", examples = "/drives")
        String instance,
        @Schema(hidden = true)
        Map<String, Object> extensions) {

    public static final String MEDIA_TYPE = "application/problem+json";
    private static final String TYPE_PREFIX = "urn:problem-type:drivecat:";

    public Problem {
        extensions = extensions == null ? Map.of() : Members.copyOf(extensions);
    }

    public static Problem of(ProblemType type, String detail) {
        return new Problem(TYPE_PREFIX + type.slug(), type.title(), type.status(), detail, null, Map.of());
    }

    public Problem with(String member, Object value) {
        return new Problem(type, title, status, detail, instance, Members.with(extensions, member, value));
    }

    public Problem at(String path) {
        return new Problem(type, title, status, detail, path, extensions);
    }

    @JsonAnyGetter
    public Map<String, Object> extensionMembers() {
        return extensions;
    }

    @Override
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Map<String, Object> extensions() {
        return extensions;
    }
}
