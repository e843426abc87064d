package dev.drivecat.catalog;

import java.time.Instant;

/** Where and when a spec value was read. */
public record SpecSource(String url, String title, SourceKind kind, Instant retrievedAt) {

    /** The address and title as they are shown and written into feeds: one line, no control characters. */
    public SpecSource {
        url = dev.drivecat.common.Text.singleLine(url);
        title = dev.drivecat.common.Text.singleLine(title);
    }
}
