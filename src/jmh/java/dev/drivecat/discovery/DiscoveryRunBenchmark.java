package dev.drivecat.discovery;

import dev.drivecat.identity.IdentityCatalog;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.SeedCatalog;
import dev.drivecat.scraping.PageReader;
import dev.drivecat.scraping.SearchPageReader;
import dev.drivecat.scraping.SearchResult;
import dev.drivecat.scraping.SiteDefinitions;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One discovery run of 1,000 saved search results, end to end: a saved eBay search page of 1,000
 * results (s-card markup, as scrapers/ebay.yaml reads it) posted to the packaged service's page
 * import (POST /admin/imports/pages), which reads every result, identifies it against the seed
 * catalog, records the run, its results and listings, and prices each match, in embedded
 * PostgreSQL. Half the titles name a catalog drive, a quarter are no drive, a quarter a drive the
 * catalog lacks.
 *
 * <ul>
 *   <li>{@code runOfNewListings}: every result a listing never seen (the worst case: a listing row and a first price each);</li>
 *   <li>{@code runOfKnownListings}: the same 1,000 listings again at changed prices (the steady state of a weekly run);</li>
 *   <li>{@code readAndIdentifyOnly}: the same page read and identified in this JVM, no HTTP and no database: the difference is what storing costs.</li>
 * </ul>
 *
 * Needs the packaged service: {@code ./mvnw package -DskipTests}, then
 * {@code src/bench/jmh.sh DiscoveryRunBenchmark}. Figures in src/docs/benchmarks.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 10)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class DiscoveryRunBenchmark {

    static final int RESULTS = 1000;
    private static final String TOKEN = "bench-discovery-token";
    private static final String SEARCH_URL = "https://www.ebay.com/sch/i.html?_nkw=enterprise+ssd";
    private static final String[] NOT_DRIVES = {
            "2.5\" SFF caddy tray for Dell PowerEdge R730 R740 G176J",
            "Lot of 10 Mixed Brand Mixed Speed 1TB 2.5\" SATA Hard Drive HDD Tested Wiped",
            "Lenovo Legion 5 15.1\" WQXGA 165Hz Ultra 9 275HX 16GB RAM 1TB SSD RTX 5070",
            "M.2 NVMe to PCIe x4 adapter card with heatsink",
            "Seagate Exos X18 16TB 7200 RPM SATA 3.5\" hard drive"};
    private static final String[] OTHER_DRIVES = {
            "Crucial P310 2TB M.2 2230 NVMe PCIe Gen4 SSD CT2000P310SSD2",
            "Seagate Xbox Expansion Card 1TB STJR1000400",
            "Teamgroup MP44 4TB M.2 2280 NVMe PCIe 4.0 SSD",
            "Lexar NM790 2TB M.2 2280 PCIe Gen4 NVMe SSD"};

    private Process service;
    private Path dataDir;
    private String base;
    private HttpClient http;
    private List<String> titles;
    private int newRun;
    private int knownRun;
    private String savedPage;
    private SiteDefinitions.SearchSite ebaySearch;
    private IdentityMatcher matcher;

    @Setup(Level.Trial)
    public void start() throws Exception {
        IdentityCatalog catalog = SeedCatalog.load();
        matcher = new IdentityMatcher(catalog);
        titles = titles(catalog);
        ebaySearch = SiteDefinitions.fromClasspath().searchPage(URI.create(SEARCH_URL)).orElseThrow();
        savedPage = page(256_900_000_000L, 0);
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("DiscoveryRunBenchmark needs the packaged service: run ./mvnw package -DskipTests first");
        }
        dataDir = Files.createTempDirectory("drivecat-bench-discovery");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        base = "http://127.0.0.1:" + port;
        ProcessBuilder pb = new ProcessBuilder("java", "-Xmx1g", "-jar", jar.toString());
        pb.environment().put("DRIVECAT_DATA_DIR", dataDir.toString());
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        pb.environment().put("DRIVECAT_ADMIN_TOKEN", TOKEN);
        pb.environment().put("DRIVECAT_SCRAPE_CRON", "off");
        pb.environment().put("DRIVECAT_DISCOVERY_CRON", "off");
        pb.environment().put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
        pb.redirectErrorStream(true).redirectOutput(Path.of("target/bench-discovery-service.log").toFile());
        service = pb.start();
        try {
            awaitReady();
            // the first import creates the known listings; what it answered is printed once, so the figure is read with it
            System.out.println("\n1,000 results: " + summary(importPage(savedPage)));
        } catch (Exception | Error e) {
            stop(); // JMH tears down only what set up completely
            throw e;
        }
    }

    private void awaitReady() throws Exception {
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        Instant deadline = Instant.now().plusSeconds(300);
        while (true) {
            if (!service.isAlive()) {
                throw new IllegalStateException("the service stopped; see target/bench-discovery-service.log");
            }
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready")).build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200) {
                    break;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the service was not ready in 300 s; see target/bench-discovery-service.log");
            }
            Thread.sleep(500);
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        if (service != null) {
            service.destroy();
            service.waitFor(60, TimeUnit.SECONDS);
        }
        if (dataDir != null && Files.isDirectory(dataDir)) {
            try (Stream<Path> files = Files.walk(dataDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Benchmark
    public String runOfNewListings() throws Exception {
        newRun++;
        return importPage(page(257_000_000_000L + 10_000L * newRun, newRun));
    }

    @Benchmark
    public String runOfKnownListings() throws Exception {
        knownRun++;
        return importPage(page(256_900_000_000L, knownRun));
    }

    @Benchmark
    public void readAndIdentifyOnly(Blackhole hole) {
        SearchPageReader.Parse parse = ebaySearch.reader().read(PageReader.saved(savedPage.getBytes(StandardCharsets.UTF_8), null, SEARCH_URL),
                URI.create(SEARCH_URL));
        List<SearchResult> results = ((SearchPageReader.Parse.Results) parse).results();
        if (results.size() != RESULTS) {
            throw new IllegalStateException("the page holds " + results.size() + " results, not " + RESULTS);
        }
        for (SearchResult r : results) {
            hole.consume(matcher.identify(r.title()));
        }
    }

    private String importPage(String html) throws Exception {
        String url = base + "/admin/imports/pages?url=" + URLEncoder.encode(SEARCH_URL, StandardCharsets.UTF_8);
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", "text/html; charset=utf-8").timeout(Duration.ofMinutes(5))
                .POST(HttpRequest.BodyPublishers.ofString(html)).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200 || !answer.body().contains("\"results\":" + RESULTS)) {
            throw new IllegalStateException("the import answered " + answer.statusCode() + ": "
                    + answer.body().substring(0, Math.min(600, answer.body().length())));
        }
        return answer.body();
    }

    private static String summary(String answer) {
        StringBuilder out = new StringBuilder();
        for (String field : List.of("results", "matched", "ambiguous", "rejected", "priced")) {
            Matcher m = Pattern.compile("\"" + field + "\":(\\d+)").matcher(answer);
            if (m.find()) {
                out.append(out.isEmpty() ? "" : ", ").append(field).append(' ').append(m.group(1));
            }
        }
        return out.toString();
    }

    /** Titles as marketplaces write them: each catalog drive by vendor, model, capacity, form factor and bus, and the rest. */
    private static List<String> titles(IdentityCatalog catalog) {
        List<String> drives = new ArrayList<>();
        for (IdentityCatalog.Drive d : catalog.drives()) {
            drives.add(d.vendor() + " " + d.model() + " " + d.capacityGb() + "GB " + d.formFactor().label() + " "
                    + d.iface().token().toUpperCase(Locale.ROOT) + " SSD");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < RESULTS; i++) {
            out.add(switch (i % 4) {
                case 0, 1 -> drives.get((i / 2) % drives.size());
                case 2 -> NOT_DRIVES[(i / 4) % NOT_DRIVES.length];
                default -> OTHER_DRIVES[(i / 4) % OTHER_DRIVES.length];
            });
        }
        return out;
    }

    /** A saved search page of 1,000 results with item ids from {@code firstId}; {@code cents} changes every price. */
    private String page(long firstId, int cents) {
        StringBuilder html = new StringBuilder(RESULTS * 1300);
        html.append("<!DOCTYPE html><html><head><title>enterprise ssd | eBay</title></head><body><ul class=\"srp-results srp-list\">");
        for (int i = 0; i < RESULTS; i++) {
            long id = firstId + i;
            String title = titles.get(i).replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
            String price = String.format(Locale.ROOT, "$%d.%02d", 40 + (i % 400), (cents * 7 + i) % 100);
            html.append("<li id=\"item").append(id).append("\" data-listingid=\"").append(id).append("\" class=\"s-card s-card--horizontal\">")
                    .append("<div class=\"su-card-container\"><div class=\"su-card-container__header\"><a class=\"su-link\" href=\"https://www.ebay.com/itm/")
                    .append(id).append("?_skw=ssd\"><div role=\"heading\" class=\"s-card__title\"><span class=\"su-styled-text primary default\">")
                    .append(title).append("</span></div></a><div class=\"s-card__subtitle-row\"><div class=\"s-card__subtitle\">")
                    .append("<span class=\"su-styled-text secondary default\">").append(i % 3 == 0 ? "Brand New" : "Pre-Owned")
                    .append("</span></div></div></div><div class=\"su-card-container__attributes\"><div class=\"su-card-container__attributes__primary\">")
                    .append("<div class=\"s-card__attribute-row\"><span class=\"s-card__price\">").append(price).append("</span></div>")
                    .append("<div class=\"s-card__attribute-row\"><span class=\"su-styled-text secondary large\">Buy It Now</span></div>")
                    .append("<div class=\"s-card__attribute-row\"><span class=\"su-styled-text secondary large\">+$5.00 delivery</span></div>")
                    .append("<div class=\"s-card__attribute-row\"><span class=\"su-styled-text secondary large\">Located in United States</span></div>")
                    .append("</div><div class=\"su-card-container__attributes__secondary\"><div class=\"s-card__attribute-row\">")
                    .append("<span class=\"su-styled-text secondary large\">seller").append(i % 37).append(" (1,234) 99.5%</span></div></div></div>")
                    .append("<div class=\"su-card-container__footer\"><div class=\"s-card__footer\"></div></div></div></li>");
        }
        return html.append("</ul></body></html>").toString();
    }
}
