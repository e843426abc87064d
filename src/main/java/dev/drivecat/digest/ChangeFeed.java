package dev.drivecat.digest;

import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.pricing.PriceChangeService.ChangeReport;
import dev.drivecat.pricing.PriceChangeService;
import dev.drivecat.ranking.RoleFit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Answers /price-changes: resolves the drive and role filters to drives, then asks change detection. */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class ChangeFeed {

    @Inject
    PriceChangeService changes;

    @Inject
    RoleFit roleFit;

    @Inject
    EntityManager em;

    ChangeReport changes(ChangeParams.Parsed p) {
        Set<String> drives = null;
        if (!p.drives().isEmpty()) {
            drives = new TreeSet<>(requireDrives(p.drives(), "drive"));
        }
        if (!p.roles().isEmpty()) {
            Set<String> fit = roleFit.drivesFor(p.roles(), p.interfaces());
            if (drives == null) {
                drives = fit;
            } else {
                drives.retainAll(fit);
            }
        }
        return changes.changes(p.query(drives));
    }

    /** Drives' names as people know them ("Intel Optane SSD DC P4800X 375GB"), by slug; a slug no drive has is left out. */
    @SuppressWarnings("unchecked")
    public java.util.Map<String, String> driveNames(Collection<String> slugs) {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        if (slugs.isEmpty()) {
            return names;
        }
        List<jakarta.persistence.Tuple> rows = em.createNativeQuery("SELECT slug, vendor, model, capacity_gb FROM drive WHERE slug IN (:slugs)",
                jakarta.persistence.Tuple.class).setParameter("slugs", slugs).getResultList();
        for (jakarta.persistence.Tuple t : rows) {
            names.put((String) t.get("slug"), Drive.name((String) t.get("vendor"), (String) t.get("model"),
                    ((Number) t.get("capacity_gb")).intValue()));
        }
        return names;
    }

    /** Slugs that name drives; a 400 naming those that do not. */
    @SuppressWarnings("unchecked")
    public List<String> requireDrives(Collection<String> slugs, String parameter) {
        if (slugs.isEmpty()) {
            return List.of();
        }
        List<String> known = em.createNativeQuery("SELECT slug FROM drive WHERE slug IN (:slugs)")
                .setParameter("slugs", slugs).getResultList();
        List<String> unknown = slugs.stream().filter(s -> !known.contains(s)).distinct().toList();
        if (!unknown.isEmpty()) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "no drive has the slug " + String.join(", ", unknown.stream().map(s -> "'" + Text.quote(s) + "'").toList())
                            + "; " + parameter + " takes drive slugs as GET /drives lists them, such as intel-optane-p4800x-375gb-u2")
                    .with("parameter", parameter).with("unknown", unknown);
        }
        return slugs.stream().distinct().toList();
    }
}
