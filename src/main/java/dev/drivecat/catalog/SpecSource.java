package dev.drivecat.catalog;

import java.time.Instant;

/** Where and when a spec value was read. */
public record SpecSource(String url, String title, SourceKind kind, Instant retrievedAt) {
}
