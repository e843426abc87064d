package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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

    @Test
    void everySeedFileIsAValidImportInIndexOrder() {
        // the catalog as the seed files build it, one file after the other; their watched pages are not checked here
        CatalogInMemory catalog = new CatalogInMemory(url -> Optional.empty());
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

    /**
     * A value that cites one of the seed documents (the buying guide, the SLOG benchmarks: sources
     * addressed {@code urn:drivecat:source:...}) quotes that document's own words: one document
     * holds every wording of that source, give or take white space and typographic quotes. Parts
     * joined by " ... " (words left out) appear in order; a table quote ("label | cell") has its
     * cells in order on one line of the document, one row of its table. The documents are read in
     * place from ../shared/seeds beside the project root; without them the check is skipped.
     */
    @Test
    void everyWordingThatCitesASeedDocumentIsThatDocumentsOwnWords() throws IOException {
        Path folder = Path.of("").toAbsolutePath().resolve("../shared/seeds").normalize();
        assumeTrue(Files.isDirectory(folder), "skipped: the seed documents are not at " + folder);
        List<String> documents = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".txt")).sorted().toList()) {
                documents.add(quoteNormal(Files.readString(f)));
            }
        }
        assumeTrue(!documents.isEmpty(), "skipped: no seed documents in " + folder);
        List<String> misquoted = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, ImportDocument> seed : seeds().entrySet()) {
            ImportDocument doc = seed.getValue();
            Map<String, List<String>> bySource = new LinkedHashMap<>();
            for (ImportDocument.DriveEntry d : doc.drives()) {
                for (ImportDocument.SpecEntry v : d.specs() == null ? List.<ImportDocument.SpecEntry>of() : d.specs()) {
                    if (citesSeedDocument(doc, v.source())) {
                        bySource.computeIfAbsent(v.source(), k -> new ArrayList<>()).add(v.wording());
                    }
                }
            }
            for (ImportDocument.ListingEntry l : doc.listings() == null ? List.<ImportDocument.ListingEntry>of() : doc.listings()) {
                for (ImportDocument.ObservationEntry o : l.observations()) {
                    if (citesSeedDocument(doc, o.source())) {
                        bySource.computeIfAbsent(o.source(), k -> new ArrayList<>()).add(o.wording());
                    }
                }
            }
            for (Map.Entry<String, List<String>> source : bySource.entrySet()) {
                checked += source.getValue().size();
                // the cited document: the one that holds the most of this source's wordings
                List<String> missing = documents.stream()
                        .map(d -> source.getValue().stream().filter(w -> !quotedIn(w, d)).toList())
                        .min((a, b) -> Integer.compare(a.size(), b.size())).orElseThrow();
                missing.forEach(w -> misquoted.add(seed.getKey() + " source " + source.getKey() + ": \"" + w + "\""));
            }
        }
        assertThat(checked).as("wordings citing a seed document").isGreaterThan(50);
        assertThat(misquoted).as("wordings not found in the seed document their source is").isEmpty();
    }

    /** Whether {@code document} (normalised) holds {@code wording}: its " ... " parts in order, a table quote's cells on one line. */
    static boolean quotedIn(String wording, String document) {
        String flat = document.replaceAll("\\s+", " ");
        int from = 0;
        for (String part : quoteNormal(wording).replaceAll("\\s+", " ").split(" \\.\\.\\. ")) {
            int at = flat.indexOf(part, from);
            if (at >= 0) {
                from = at + part.length();
                continue;
            }
            List<String> cells = Arrays.stream(part.split("\\|")).map(String::strip).filter(c -> !c.isEmpty()).toList();
            if (cells.size() < 2 || document.lines().noneMatch(line -> inOrder(cells, line.replaceAll("\\s+", " ")))) {
                return false;
            }
        }
        return true;
    }

    private static boolean inOrder(List<String> cells, String line) {
        int from = 0;
        for (String cell : cells) {
            int at = line.indexOf(cell, from);
            if (at < 0) {
                return false;
            }
            from = at + cell.length();
        }
        return true;
    }

    private static boolean citesSeedDocument(ImportDocument doc, String source) {
        ImportDocument.Source s = source == null ? null : doc.sources().get(source);
        return s != null && s.url() != null && s.url().startsWith("urn:drivecat:source:");
    }

    /** Compatibility forms folded (µ and μ alike), typographic quotes made plain, runs of spaces made one (lines kept). */
    private static String quoteNormal(String text) {
        String s = Normalizer.normalize(text, Normalizer.Form.NFKC)
                .replace('\u2019', '\'').replace('\u2018', '\'').replace('\u201c', '"').replace('\u201d', '"');
        return s.replaceAll("[ \\t\\x{00A0}]+", " ").strip();
    }

    /**
     * Each rewrite of migration V15 turns an old wording into the one a seed file now has for that
     * page, so that the next import of the seed finds the rewritten row unchanged instead of adding a
     * second statement beside it; and no seed file still has the old wording for that page.
     */
    @Test
    void eachQuoteMigrationV15RewritesBecomesTheWordingTheSeedNowHas() throws IOException {
        String sql;
        try (InputStream in = Thread.currentThread().getContextClassLoader()
                .getResourceAsStream("db/migration/V15__seed_quotes_with_omissions_marked.sql")) {
            sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Set<String> seeded = new HashSet<>(); // source address + wording
        seeds().values().forEach(doc -> doc.drives().forEach(d -> {
            for (ImportDocument.SpecEntry v : d.specs() == null ? List.<ImportDocument.SpecEntry>of() : d.specs()) {
                seeded.add(doc.sources().get(v.source()).url() + " " + v.wording());
            }
        }));
        Matcher update = Pattern.compile(
                "UPDATE spec_value SET wording = '((?:[^']|'')*)'\\s+WHERE source_url = '((?:[^']|'')*)'\\s+AND wording = '((?:[^']|'')*)';")
                .matcher(sql);
        int rewrites = 0;
        while (update.find()) {
            rewrites++;
            String to = update.group(1).replace("''", "'");
            String url = update.group(2).replace("''", "'");
            String from = update.group(3).replace("''", "'");
            assertThat(seeded).as("the seed quotes %s as V15 rewrites it", url).contains(url + " " + to);
            assertThat(seeded).as("the seed no longer quotes %s as before", url).doesNotContain(url + " " + from);
        }
        assertThat(rewrites).as("rewrites in V15").isEqualTo(15);
    }
}
