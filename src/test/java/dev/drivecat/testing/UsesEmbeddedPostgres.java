package dev.drivecat.testing;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;

/** Registers the embedded PostgreSQL test resource for every @QuarkusTest in this module. */
@WithTestResource(value = EmbeddedPostgresTestResource.class, scope = TestResourceScope.GLOBAL)
public final class UsesEmbeddedPostgres {
    private UsesEmbeddedPostgres() {
    }
}
