package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.Interface;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The bundled seed files as documents: each is a valid import (in index order, as the seed loader
 * imports them), every value names a source and quotes its words, every source has an address, and
 * every part number a drive claims is one a cited page states.
 */
class SeedFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Validator CONSTRAINTS = Validation.buildDefaultValidatorFactory().getValidator();

    static Map<String, ImportDocument> seeds() {
        Map<String, ImportDocument> docs = new LinkedHashMap<>();
        for (String name : SeedLoader.seedFiles()) {
            try (InputStream in = SeedFilesTest.class.getClassLoader().getResourceAsStream("seed/" + name)) {
                assertThat(in).as("seed/" + name + " is listed in seed/index.txt").isNotNull();
                docs.put(name, JSON.readValue(in, ImportDocument.class));
            } catch (IOException e) {
                throw new AssertionError("seed/" + name + " is not a readable import document", e);
            }
        }
        return docs;
    }

    /** The catalog as the seed files build it, one file after the other. */
    private static final class SeededCatalog implements ImportValidator.CatalogLookup {
        final Map<String, Interface> drives = new HashMap<>();
        final Map<String, String> partNumbers = new HashMap<>();
        final Map<String, String> listings = new HashMap<>();

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
            return false;
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
            return Optional.empty();
        }
    }

    @Test
    void everySeedFileIsAValidImportInIndexOrder() {
        SeededCatalog catalog = new SeededCatalog();
        for (Map.Entry<String, ImportDocument> seed : seeds().entrySet()) {
            ImportValidator.Result result = ImportValidator.validate(seed.getValue(), CONSTRAINTS, catalog, Instant.parse("2026-12-01T12:00:00Z"));
            assertThat(result.errors()).as(seed.getKey()).isEmpty();
            catalog.add(result.plan().orElseThrow());
        }
    }

    @Test
    void everySeedValueNamesASourceWithAnAddressAndQuotesItsWords() {
        List<String> faults = new ArrayList<>();
        seeds().forEach((file, doc) -> {
            doc.sources().forEach((id, s) -> {
                String url = s.url() == null ? "" : s.url();
                boolean http = url.startsWith("http://") || url.startsWith("https://");
                if (!(http && URI.create(url).getHost() != null) && !url.startsWith("urn:drivecat:source:")) {
                    faults.add(file + " source " + id + ": \"" + url + "\" is neither an http(s) address nor one of the guide's documents");
                }
                if (s.title() == null || s.title().isBlank()) {
                    faults.add(file + " source " + id + " has no title");
                }
            });
            for (ImportDocument.DriveEntry d : doc.drives()) {
                for (ImportDocument.SpecEntry s : d.specs() == null ? List.<ImportDocument.SpecEntry>of() : d.specs()) {
                    if (s.wording() == null || s.wording().isBlank()) {
                        faults.add(file + " " + d.slug() + " " + s.field() + ": no wording");
                    }
                    if (s.source() == null || !doc.sources().containsKey(s.source())) {
                        faults.add(file + " " + d.slug() + " " + s.field() + ": source \"" + s.source() + "\" is not in the file");
                    }
                }
            }
        });
        assertThat(faults).isEmpty();
    }

    @Test
    void aDrivesPartNumbersAreThoseACitedPageStates() {
        Map<String, Set<String>> cited = new HashMap<>();
        Map<String, Set<String>> claimed = new HashMap<>();
        seeds().values().forEach(doc -> doc.drives().forEach(d -> {
            if (d.partNumbers() != null) {
                claimed.computeIfAbsent(d.slug(), k -> new java.util.TreeSet<>())
                        .addAll(d.partNumbers().stream().map(p -> p.toUpperCase(Locale.ROOT)).toList());
            }
            if (d.specs() != null) {
                d.specs().stream().filter(s -> "partNumber".equals(s.field()) && s.value() != null && s.value().isTextual())
                        .forEach(s -> cited.computeIfAbsent(d.slug(), k -> new java.util.TreeSet<>())
                                .add(s.value().asText().toUpperCase(Locale.ROOT)));
            }
        }));
        Map<String, Set<String>> uncited = claimed.entrySet().stream()
                .filter(e -> !cited.getOrDefault(e.getKey(), Set.of()).containsAll(e.getValue()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(uncited).as("part numbers without a partNumber row citing a page").isEmpty();
    }
}
