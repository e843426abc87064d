package dev.drivecat.ranking;

import dev.drivecat.catalog.InterfaceFilter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which drives a role could use at all: those with cheap, safe flushes (power-loss protection, or 3D
 * XPoint), what /recommend requires by default wherever the ZIL lives: a log, and a special vdev
 * without a SLOG (since OpenZFS 2.4 it takes the ZIL). Used to keep price changes and digests to
 * drives that matter for a SLOG or a special vdev.
 */
@ApplicationScoped
public class RoleFit {

    @Inject
    CandidateModel model;

    /** Slugs of the drives (of the given interfaces; empty means all) that pass the PLP requirement of any of the roles. */
    public Set<String> drivesFor(Collection<Role> roles, List<InterfaceFilter> interfaces) {
        Set<String> slugs = new TreeSet<>();
        if (roles.isEmpty()) {
            return slugs;
        }
        for (Ranker.Profile p : model.current().matching(interfaces, List.of())) {
            // the requirement both roles share by default: flushes that are safe on power loss
            if (p.plp().cheapFlush()) {
                slugs.add(p.candidate().slug());
            }
        }
        return slugs;
    }
}
