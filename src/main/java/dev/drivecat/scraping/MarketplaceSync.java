package dev.drivecat.scraping;

import dev.drivecat.database.StartupWrites;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * Makes sure every marketplace a site definition names has its row, so its pages can be watched and stored, with the
 * terms its definition states; listings that ended before their terms asked for their content to go lose it then.
 */
@ApplicationScoped
class MarketplaceSync {

    @Inject
    SiteDefinitions sites;

    @Inject
    EntityManager em;

    @Inject
    dev.drivecat.pricing.ListingLifecycle lifecycle;

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
            // the terms as the definition states them now; untouched rows are not written (a marketplace's write reloads everything)
            SiteDefinition.Terms terms = site.definition().terms();
            Integer seconds = terms.currentFor() == null ? null : (int) terms.currentFor().getSeconds();
            em.createNativeQuery("""
                    UPDATE marketplace SET current_for_seconds = CAST(:seconds AS integer), after_end = :afterEnd
                     WHERE code = :code AND (current_for_seconds IS DISTINCT FROM CAST(:seconds AS integer) OR after_end <> :afterEnd)""")
                    .setParameter("seconds", seconds).setParameter("afterEnd", terms.afterEnd().name())
                    .setParameter("code", site.marketplace()).executeUpdate();
        }
        // listings that ended before their marketplace's terms asked for their content to go
        lifecycle.forgetEndedContent();
    }

    static String name(String site, String host) {
        String brand = site.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + site.substring(1);
        return brand + " (" + host.replaceFirst("^www\\.", "") + ")";
    }
}
