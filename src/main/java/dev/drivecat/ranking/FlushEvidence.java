package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** How sure a drive's flush latency is: the best evidence the catalog has (src/docs/ranking.md §5). */
@Schema(name = "FlushEvidence")
public enum FlushEvidence implements ApiToken {
    /** The median of the drive's published 4K sync-write measurements. */
    MEASURED("measured"),
    /** The same model and capacity measured in another form factor. */
    MEASURED_OTHER_FORM_FACTOR("measured-other-form-factor"),
    /** The vendor's stated write latency, for a drive with cheap flushes. */
    VENDOR_STATED("vendor-stated"),
    /** Its device class's cited default. */
    CLASS_DEFAULT("class-default");

    private final String token;

    FlushEvidence(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
