package dev.drivecat.database;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Makes a scheduled job run once per cluster: every instance fires at the same cron slot, and
 * only the one whose claim on (job, slot) is inserted first runs it.
 */
@ApplicationScoped
public class JobClaims {

    @Inject
    EntityManager em;

    /** True if this instance won the slot (the scheduled fire time, to the second). */
    public boolean claim(String job, Instant slot) {
        Instant second = slot.truncatedTo(ChronoUnit.SECONDS);
        return QuarkusTransaction.requiringNew().call(() -> !em.createNativeQuery("""
                INSERT INTO job_claim (job, slot) VALUES (:job, :slot)
                ON CONFLICT ON CONSTRAINT job_claim_pk DO NOTHING RETURNING job""")
                .setParameter("job", job)
                .setParameter("slot", second.atOffset(ZoneOffset.UTC))
                .getResultList().isEmpty());
    }
}
