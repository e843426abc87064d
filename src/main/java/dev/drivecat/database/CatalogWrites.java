package dev.drivecat.database;

import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionScoped;
import java.io.Serializable;

/**
 * Marks the current transaction as one that changed what the ranking reads (drives, spec values,
 * measurements, listings, observations). Writers call {@link #mark()}; once per transaction it
 * fires {@link CatalogWritten}, which observers receive after the commit (the database's change
 * log says which drives changed; this only says that something did, here, just now).
 */
@TransactionScoped
public class CatalogWrites implements Serializable {

    /** Fired inside a transaction that changed the catalog; observe it with {@code during = AFTER_SUCCESS}. */
    public record CatalogWritten() {
    }

    @Inject
    transient Event<CatalogWritten> written;

    private boolean marked;

    public void mark() {
        if (!marked) {
            marked = true;
            written.fire(new CatalogWritten());
        }
    }
}
