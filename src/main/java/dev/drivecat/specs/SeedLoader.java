package dev.drivecat.specs;

import dev.drivecat.database.StartupWrites;
import io.quarkus.narayana.jta.runtime.TransactionConfiguration;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Loads the bundled seed catalog (src/main/resources/seed/) through the same import code as
 * POST /admin/imports/specs, once per seed file version. Several instances starting together
 * load it once: the check and the import run under a transaction-scoped advisory lock.
 */
@ApplicationScoped
public class SeedLoader {

    private static final Logger LOG = Logger.getLogger(SeedLoader.class);
    static final String INDEX = "seed/index.txt";

    @Inject
    ImportService imports;

    @Inject
    EntityManager em;

    @Inject
    SeedSettings seedSettings;

    void onStart(@Observes @Priority(100) StartupEvent event) {
        if (seedSettings.enabled()) {
            loadBundledSeeds();
        }
    }

    /**
     * All bundled seeds in one transaction, so a start sees the whole seed or none of it. Its timeout
     * is the start's, not a request's: on a slow or busy host the first import of the whole catalog
     * outlasts the 60 s default, and a start that times out would stop the service.
     */
    @Transactional
    @TransactionConfiguration(timeout = 900)
    public void loadBundledSeeds() {
        StartupWrites.serialize(em);
        for (String name : seedFiles()) {
            byte[] content = resource("seed/" + name);
            String sha = sha256(content);
            boolean done = !em.createNativeQuery("SELECT 1 FROM bundled_import WHERE name = :name AND sha256 = :sha")
                    .setParameter("name", name).setParameter("sha", sha).getResultList().isEmpty();
            if (done) {
                continue;
            }
            ImportReport report = imports.importDocument(imports.parse(content));
            em.createNativeQuery("INSERT INTO bundled_import (name, sha256) VALUES (:name, :sha)")
                    .setParameter("name", name).setParameter("sha", sha).executeUpdate();
            LOG.infof("Seed %s imported: %s", name, report);
        }
    }

    static List<String> seedFiles() {
        return new String(resource(INDEX), StandardCharsets.UTF_8).lines()
                .map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    private static byte[] resource(String path) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("bundled seed resource missing: " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
