package dev.drivecat.specs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SpecService;
import dev.drivecat.catalog.SpecStatement;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.JsonErrors;
import dev.drivecat.common.JsonPointers;
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.Listings;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.ObservationInput;
import dev.drivecat.pricing.PriceRecorder;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.WatchService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import jakarta.validation.Validator;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Imports structured documents (format drivecat-import/1): validates the whole document first,
 * then stores it in one transaction, so that a bad document stores nothing. Storing is
 * idempotent: the same document twice changes nothing the second time.
 */
@ApplicationScoped
public class ImportService {

    @Inject
    EntityManager em;

    @Inject
    SpecService specs;

    @Inject
    PriceRecorder prices;

    @Inject
    Listings listings;

    @Inject
    ObjectMapper mapper;

    @Inject
    WatchService watch;

    @Inject
    SiteDefinitions sites;

    @Inject
    Validator constraints;

    Clock clock = Clock.systemUTC();

    /** Reads a document strictly: unknown members are errors, not silently dropped. */
    public ImportDocument parse(byte[] body) {
        return parse(new java.io.ByteArrayInputStream(body));
    }

    /** As {@link #parse(byte[])}, straight from a stream, so a large import is never held as bytes and as a tree at once. */
    public ImportDocument parse(java.io.InputStream body) {
        ObjectReader reader = mapper.readerFor(ImportDocument.class)
                .with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        try (body) {
            return reader.readValue(body);
        } catch (JsonProcessingException e) {
            throw DomainException.in(e).orElseGet(() -> new ImportRejectedException(
                    List.of(new ImportError(pointerOf(e), JsonErrors.describe(e)))));
        } catch (java.io.IOException e) {
            throw DomainException.in(e).orElseGet(() -> new ImportRejectedException(
                    List.of(new ImportError("", "the body could not be read as JSON"))));
        }
    }

    @Transactional
    public ImportReport importDocument(ImportDocument doc) {
        ImportValidator.Result result = ImportValidator.validate(doc, constraints, new DatabaseLookup(doc), clock.instant());
        if (!result.errors().isEmpty()) {
            throw new ImportRejectedException(result.errors());
        }
        return apply(result.plan().orElseThrow());
    }

    private ImportReport apply(ImportPlan plan) {
        Counter c = new Counter();
        for (ImportPlan.DrivePlan d : plan.drives()) {
            Drive drive = upsertDrive(d, c);
            for (SpecStatement s : d.specs()) {
                if (specs.add(drive, s)) {
                    c.specsAdded++;
                } else {
                    c.specsUnchanged++;
                }
            }
            specs.refresh(drive);
        }
        // one query per marketplace and per drive, not per listing (an import may carry thousands)
        Map<String, Marketplace> marketplaces = new HashMap<>();
        Map<String, Map<String, Listing>> stored = new HashMap<>();
        plan.listings().stream().collect(java.util.stream.Collectors.groupingBy(ImportPlan.ListingPlan::marketplace))
                .forEach((code, plans) -> {
                    Marketplace marketplace = Marketplace.findByCode(code).orElseThrow();
                    marketplaces.put(code, marketplace);
                    stored.put(code, listings.find(marketplace, plans.stream().map(ImportPlan.ListingPlan::externalId).toList()));
                });
        Map<String, Drive> drives = new HashMap<>(Drive.bySlugs(plan.listings().stream().map(ImportPlan.ListingPlan::driveSlug)
                .distinct().toList()));
        List<PriceRecorder.Entry> observations = new ArrayList<>();
        for (ImportPlan.ListingPlan l : plan.listings()) {
            Listing listing = upsertListing(l, c, marketplaces.get(l.marketplace()), stored.get(l.marketplace()), drives);
            if (l.watch() && watch.watch(l.url(), l.driveSlug()).created()) {
                c.pagesWatched++;
            }
            for (ObservationInput o : l.observations()) {
                observations.add(new PriceRecorder.Entry(listing, o));
            }
        }
        for (PriceRecorder.Recorded recorded : prices.recordAll(observations)) {
            if (recorded.added()) {
                c.observationsAdded++;
                if (recorded.suspect()) {
                    c.observationsSuspect++;
                }
            } else {
                c.observationsUnchanged++;
            }
        }
        return new ImportReport(c.drivesCreated, c.drivesUpdated, c.specsAdded, c.specsUnchanged, c.listingsCreated,
                c.listingsUpdated, c.observationsAdded, c.observationsUnchanged, c.observationsSuspect, c.pagesWatched);
    }

    private Drive upsertDrive(ImportPlan.DrivePlan d, Counter c) {
        Optional<Drive> found = Drive.findBySlug(d.slug());
        Drive drive = found.orElseGet(Drive::new);
        boolean changed = false;
        if (found.isEmpty()) {
            drive.slug = d.slug();
            drive.partNumbers = new java.util.TreeSet<>();
        }
        if (d.vendor() != null && !d.vendor().equals(drive.vendor)) {
            drive.vendor = d.vendor();
            changed = true;
        }
        if (d.model() != null && !d.model().equals(drive.model)) {
            drive.model = d.model();
            changed = true;
        }
        if (d.capacityGb() != null && d.capacityGb() != drive.capacityGb) {
            drive.capacityGb = d.capacityGb();
            changed = true;
        }
        if (d.iface() != null && d.iface() != drive.iface) {
            drive.iface = d.iface();
            changed = true;
        }
        if (d.formFactor() != null && d.formFactor() != drive.formFactor) {
            drive.formFactor = d.formFactor();
            changed = true;
        }
        if (d.pcieGen() != null && !Objects.equals(d.pcieGen().shortValue(), drive.pcieGen)) {
            drive.pcieGen = d.pcieGen().shortValue();
            changed = true;
        }
        if (d.pcieLanes() != null && !Objects.equals(d.pcieLanes().shortValue(), drive.pcieLanes)) {
            drive.pcieLanes = d.pcieLanes().shortValue();
            changed = true;
        }
        if (d.discontinued() != null && !d.discontinued().equals(drive.discontinued)) {
            drive.discontinued = d.discontinued();
            changed = true;
        }
        if (!drive.partNumbers.containsAll(d.partNumbers())) {
            drive.partNumbers.addAll(d.partNumbers());
            changed = true;
        }
        if (found.isEmpty()) {
            drive.updatedAt = clock.instant();
            drive.persist();
            c.drivesCreated++;
        } else if (changed) {
            drive.updatedAt = clock.instant();
            c.drivesUpdated++;
        }
        em.flush();
        return drive;
    }

    private Listing upsertListing(ImportPlan.ListingPlan l, Counter c, Marketplace marketplace, Map<String, Listing> stored,
                                  Map<String, Drive> drives) {
        Drive drive = drives.computeIfAbsent(l.driveSlug(), slug -> Drive.findBySlug(slug).orElseThrow());
        Listings.Upserted upserted = listings.upsert(marketplace, l.externalId(), drive, new Listings.Facts(l.url(), l.sellerName(),
                l.sellerType(), l.fulfilledByMarketplace(), l.condition(), l.businessOnly()),
                Optional.ofNullable(stored.get(l.externalId())));
        stored.put(l.externalId(), upserted.listing());
        if (upserted.created()) {
            c.listingsCreated++;
        } else if (upserted.changed()) {
            c.listingsUpdated++;
        }
        return upserted.listing();
    }

    private static String pointerOf(JsonProcessingException e) {
        return e instanceof com.fasterxml.jackson.databind.JsonMappingException m ? JsonPointers.of(m.getPath()) : "";
    }

    private static final class Counter {
        int drivesCreated;
        int drivesUpdated;
        int specsAdded;
        int specsUnchanged;
        int listingsCreated;
        int listingsUpdated;
        int observationsAdded;
        int observationsUnchanged;
        int observationsSuspect;
        int pagesWatched;
    }

    /**
     * The catalog as the validator sees it, read from the database once per drive and marketplace
     * named, and the drives of the document's listings in one query per marketplace (validation
     * writes nothing, so what it read stays true until the document is stored).
     */
    private final class DatabaseLookup implements ImportValidator.CatalogLookup {
        private final ImportDocument doc;
        private final Map<String, Optional<Drive>> drives = new HashMap<>();
        private final Map<String, Optional<Marketplace>> marketplaces = new HashMap<>();
        private final Map<String, Map<String, String>> listingDrives = new HashMap<>();

        DatabaseLookup(ImportDocument doc) {
            this.doc = doc;
            // the drives the document's listings name, in one query; any other slug is looked up alone
            List<String> named = doc == null || doc.listings() == null ? List.of() : doc.listings().stream()
                    .filter(l -> l != null && l.drive() != null).map(ImportDocument.ListingEntry::drive).distinct().toList();
            named.forEach(slug -> drives.put(slug, Optional.empty()));
            Drive.bySlugs(named).forEach((slug, d) -> drives.put(slug, Optional.of(d)));
        }

        private Optional<Drive> drive(String slug) {
            return drives.computeIfAbsent(slug, Drive::findBySlug);
        }

        private Optional<Marketplace> marketplace(String code) {
            return marketplaces.computeIfAbsent(code, Marketplace::findByCode);
        }

        @Override
        public Optional<Interface> driveInterface(String slug) {
            return drive(slug).map(d -> d.iface);
        }

        @Override
        public boolean hasPcie(String slug) {
            return drive(slug).map(d -> d.pcieGen != null || d.pcieLanes != null).orElse(false);
        }

        @Override
        public boolean marketplaceExists(String code) {
            return marketplace(code).isPresent();
        }

        @Override
        public Optional<String> listingDrive(String marketplace, String externalId) {
            return Optional.ofNullable(listingDrives.computeIfAbsent(marketplace, this::listingDrivesOf).get(externalId));
        }

        /** The drive each stored listing of the document on this marketplace sells, by external id. */
        private Map<String, String> listingDrivesOf(String code) {
            Optional<Marketplace> marketplace = marketplace(code);
            List<String> externalIds = doc.listings() == null ? List.of() : doc.listings().stream()
                    .filter(l -> l != null && code.equals(l.marketplace()) && l.externalId() != null)
                    .map(l -> l.externalId().trim()).distinct().toList();
            Map<String, String> found = new HashMap<>();
            if (marketplace.isEmpty() || externalIds.isEmpty()) {
                return found;
            }
            em.createQuery("select l.identity.externalId, l.drive.slug from Listing l "
                            + "where l.identity.marketplace = :m and l.identity.externalId in :ids", Object[].class)
                    .setParameter("m", marketplace.get()).setParameter("ids", externalIds)
                    .getResultList().forEach(row -> found.put((String) row[0], (String) row[1]));
            return found;
        }

        @Override
        public Optional<String> itemPage(String url) {
            try {
                return sites.productPage(new java.net.URI(url)).map(java.net.URI::toString);
            } catch (java.net.URISyntaxException e) {
                return Optional.empty();
            }
        }

        @Override
        public Optional<String> watchProblem(String url) {
            try {
                watch.productUrl(url);
                return Optional.empty();
            } catch (DomainException e) {
                return Optional.of(e.getMessage());
            }
        }

        @Override
        public Optional<String> partNumberOwner(String partNumber) {
            @SuppressWarnings("unchecked")
            List<String> owners = em.createNativeQuery("""
                    SELECT d.slug FROM drive_part_number p JOIN drive d ON d.id = p.drive_id WHERE p.part_number = :pn
                    """).setParameter("pn", partNumber).getResultList();
            return owners.stream().findFirst();
        }
    }

}
