package dev.drivecat.database;

import jakarta.persistence.EntityManager;

/**
 * The catalog writes every instance makes as it starts (the marketplaces of the site definitions,
 * the bundled seed files) take one transaction-scoped advisory lock, so that instances starting on
 * one database make them one after another. Without it, one instance's seed import and another's
 * marketplace rows each waited for a row the other had written, and PostgreSQL ended one start
 * with "deadlock detected".
 */
public final class StartupWrites {

    private static final long LOCK = 0x5eed_d21ec47L;

    private StartupWrites() {
    }

    /** Waits for the lock; it is released when the caller's transaction ends. */
    public static void serialize(EntityManager em) {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(:key)").setParameter("key", LOCK).getSingleResult();
    }
}
