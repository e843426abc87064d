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
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.ObservationInput;
import dev.drivecat.pricing.PriceRecorder;
import dev.drivecat.common.JsonErrors;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
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
    ObjectMapper mapper;

    @Inject
    dev.drivecat.scraping.WatchService watch;

    Clock clock = Clock.systemUTC();

    /** Reads a document strictly: unknown members are errors, not silently dropped. */
    public ImportDocument parse(byte[] body) {
        ObjectReader reader = mapper.readerFor(ImportDocument.class)
                .with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        try {
            return reader.readValue(body);
        } catch (JsonProcessingException e) {
            throw new ImportRejectedException(List.of(new ImportError(pointerOf(e), JsonErrors.describe(e))));
        } catch (java.io.IOException e) {
            throw new ImportRejectedException(List.of(new ImportError("", "the body could not be read as JSON")));
        }
    }

    @Transactional
    public ImportReport importDocument(ImportDocument doc) {
        ImportValidator.Result result = ImportValidator.validate(doc, new DatabaseLookup(), clock.instant());
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
        for (ImportPlan.ListingPlan l : plan.listings()) {
            Listing listing = upsertListing(l, c);
            if (l.watch() && watch.watch(l.url(), l.driveSlug()).created()) {
                c.pagesWatched++;
            }
            for (ObservationInput o : l.observations()) {
                PriceRecorder.Recorded recorded = prices.record(listing, o);
                if (recorded.added()) {
                    c.observationsAdded++;
                    if (recorded.suspect()) {
                        c.observationsSuspect++;
                    }
                } else {
                    c.observationsUnchanged++;
                }
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

    private Listing upsertListing(ImportPlan.ListingPlan l, Counter c) {
        Marketplace marketplace = Marketplace.findByCode(l.marketplace()).orElseThrow();
        Optional<Listing> found = Listing.find(marketplace, l.externalId());
        Listing listing = found.orElseGet(Listing::new);
        boolean changed = false;
        if (found.isEmpty()) {
            listing.marketplace = marketplace;
            listing.externalId = l.externalId();
            listing.drive = Drive.findBySlug(l.driveSlug()).orElseThrow();
        }
        if (l.url() != null && !l.url().equals(listing.url)) {
            listing.url = l.url();
            changed = true;
        }
        if (l.sellerName() != null && !l.sellerName().equals(listing.sellerName)) {
            listing.sellerName = l.sellerName();
            changed = true;
        }
        if (l.sellerType() != null && l.sellerType() != listing.sellerType) {
            listing.sellerType = l.sellerType();
            changed = true;
        }
        if (l.fulfilledByMarketplace() != null && !l.fulfilledByMarketplace().equals(listing.fulfilledByMarketplace)) {
            listing.fulfilledByMarketplace = l.fulfilledByMarketplace();
            changed = true;
        }
        if (l.condition() != null && l.condition() != listing.condition) {
            listing.condition = l.condition();
            changed = true;
        }
        if (l.businessOnly() != null && l.businessOnly() != listing.businessOnly) {
            listing.businessOnly = l.businessOnly();
            changed = true;
        }
        if (found.isEmpty()) {
            listing.persist();
            c.listingsCreated++;
        } else if (changed) {
            c.listingsUpdated++;
        }
        em.flush();
        return listing;
    }

    private static String pointerOf(JsonProcessingException e) {
        return e instanceof com.fasterxml.jackson.databind.JsonMappingException m ? dev.drivecat.common.JsonPointers.of(m.getPath()) : "";
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

    /** The catalog as the validator sees it, read from the database. */
    private final class DatabaseLookup implements ImportValidator.CatalogLookup {
        @Override
        public Optional<Interface> driveInterface(String slug) {
            return Drive.findBySlug(slug).map(d -> d.iface);
        }

        @Override
        public boolean hasPcie(String slug) {
            return Drive.findBySlug(slug).map(d -> d.pcieGen != null || d.pcieLanes != null).orElse(false);
        }

        @Override
        public boolean marketplaceExists(String code) {
            return Marketplace.findByCode(code).isPresent();
        }

        @Override
        public Optional<String> listingDrive(String marketplace, String externalId) {
            return Marketplace.findByCode(marketplace).flatMap(m -> Listing.find(m, externalId)).map(l -> l.drive.slug);
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
