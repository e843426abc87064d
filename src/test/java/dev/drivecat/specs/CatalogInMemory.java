package dev.drivecat.specs;

import dev.drivecat.catalog.Interface;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** The catalog {@link ImportValidator} checks a document against, held in memory: as a test states it, or as plans build it. */
final class CatalogInMemory implements ImportValidator.CatalogLookup {

    final Map<String, Interface> drives = new HashMap<>();
    final Set<String> withPcie = new HashSet<>();
    final Map<String, String> partNumbers = new HashMap<>();
    final Map<String, String> listings = new HashMap<>();
    private final Function<String, Optional<String>> watchProblem;

    /** @param watchProblem why a URL cannot be watched, or empty when it can */
    CatalogInMemory(Function<String, Optional<String>> watchProblem) {
        this.watchProblem = watchProblem;
    }

    /** What a validated plan adds: its drives (an interface it leaves out stays as it was), their part numbers, its listings. */
    void add(ImportPlan plan) {
        plan.drives().forEach(d -> {
            drives.merge(d.slug(), d.iface() == null ? drives.get(d.slug()) : d.iface(), (old, now) -> now);
            d.partNumbers().forEach(pn -> partNumbers.put(pn, d.slug()));
        });
        plan.listings().forEach(l -> listings.put(l.marketplace() + " " + l.externalId(), l.driveSlug()));
    }

    @Override
    public Optional<Interface> driveInterface(String slug) {
        return Optional.ofNullable(drives.get(slug));
    }

    @Override
    public boolean hasPcie(String slug) {
        return withPcie.contains(slug);
    }

    @Override
    public boolean marketplaceExists(String code) {
        return code.equals("amazon-us");
    }

    @Override
    public Optional<String> listingDrive(String marketplace, String externalId) {
        return Optional.ofNullable(listings.get(marketplace + " " + externalId));
    }

    @Override
    public Optional<String> partNumberOwner(String partNumber) {
        return Optional.ofNullable(partNumbers.get(partNumber));
    }

    @Override
    public Optional<String> watchProblem(String url) {
        return watchProblem.apply(url);
    }

    /** A page it may watch is an item page, as it is written. */
    @Override
    public Optional<String> itemPage(String url) {
        return watchProblem.apply(url).isEmpty() ? Optional.of(url) : Optional.empty();
    }
}
