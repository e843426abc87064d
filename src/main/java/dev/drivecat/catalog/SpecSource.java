package dev.drivecat.catalog;

import dev.drivecat.common.Text;
import java.time.Instant;

/** Where and when a spec value was read. */
public record SpecSource(String url, String title, SourceKind kind, Instant retrievedAt) {

    /** The address and title as they are shown and written into feeds: one line, no control characters. */
    public SpecSource {
        url = Text.singleLine(url);
        title = Text.singleLine(title);
    }
}
