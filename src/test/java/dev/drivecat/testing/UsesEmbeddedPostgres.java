package dev.drivecat.testing;

import io.quarkus.test.common.QuarkusTestResource;

/** Registers the embedded PostgreSQL test resource for every @QuarkusTest in this module. */
@QuarkusTestResource(value = EmbeddedPostgresTestResource.class, restrictToAnnotatedClass = false)
public final class UsesEmbeddedPostgres {
    private UsesEmbeddedPostgres() {
    }
}
