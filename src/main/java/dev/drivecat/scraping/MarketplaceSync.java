package dev.drivecat.scraping;

import dev.drivecat.database.StartupWrites;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/** Makes sure every marketplace a site definition names has its row, so its pages can be watched and stored. */
@ApplicationScoped
class MarketplaceSync {

    @Inject
    SiteDefinitions sites;

    @Inject
    EntityManager em;

    @Transactional
    void onStart(@Observes @Priority(50) StartupEvent event) {
        StartupWrites.serialize(em);
        for (String host : new java.util.TreeSet<>(sites.hosts())) {
            SiteDefinitions.Site site = sites.forHost(host).orElseThrow();
            em.createNativeQuery("""
                    INSERT INTO marketplace (code, name, host, default_currency) VALUES (:code, :name, :host, :currency)
                    ON CONFLICT ON CONSTRAINT marketplace_code_uq DO NOTHING""")
                    .setParameter("code", site.marketplace())
                    .setParameter("name", name(site.definition().site(), host))
                    .setParameter("host", host)
                    .setParameter("currency", site.host().currency())
                    .executeUpdate();
        }
    }

    static String name(String site, String host) {
        String brand = site.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + site.substring(1);
        return brand + " (" + host.replaceFirst("^www\\.", "") + ")";
    }
}
