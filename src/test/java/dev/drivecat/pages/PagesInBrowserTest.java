package dev.drivecat.pages;

import static dev.drivecat.testing.Admin.admin;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.Chromium;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The pages in a real browser (headless Chromium through Selenium) against the running service:
 * the drive page charts one point per day of history, the forms submit and show results, no page
 * logs an error, every link resolves, and pages stay readable 360 px wide. Screenshots go to
 * target/screenshots; with {@code -Dscreenshots.update=true} the drive and recommend pages are
 * copied to src/docs for the README.
 */
@QuarkusTest
@TestProfile(PagesInBrowserTest.Profile.class)
class PagesInBrowserTest {

    /** A database of its own: the price history below must not change other tests' rankings. */
    public static class Profile implements QuarkusTestProfile {
    }

    static final String P5800X = "intel-optane-p5800x-400gb-u2";
    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    /**
     * A month of prices for the P5800X: new from the marketplace on 14 days (1–10 Nov, a gap, 20–23 Nov; two prices on
     * 3 Nov, the lower counts; out of stock on 24 Nov, which does not count) and used from a third party on 3 days; with
     * the seed's new-old-stock price of 21 Oct that is 18 points in three series.
     */
    static final String HISTORY;

    static {
        StringBuilder fresh = new StringBuilder();
        String[] newDays = {"01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "20", "21", "22", "23"};
        for (int i = 0; i < newDays.length; i++) {
            int price = 760 - 4 * i;
            fresh.append(String.format(
                    "{\"observedAt\": \"2026-11-%sT09:00:00Z\", \"price\": %d.00, \"currency\": \"USD\", \"inStock\": true, \"source\": \"shop\"},",
                    newDays[i], price));
        }
        fresh.append("{\"observedAt\": \"2026-11-03T18:00:00Z\", \"price\": 735.00, \"currency\": \"USD\", \"inStock\": true, \"source\": \"shop\"},");
        fresh.append("{\"observedAt\": \"2026-11-24T09:00:00Z\", \"price\": 690.00, \"currency\": \"USD\", \"inStock\": false, \"source\": \"shop\"}");
        HISTORY = """
                {"format": "drivecat-import/1",
                 "sources": {"shop": {"url": "https://www.amazon.com/", "kind": "REVIEW", "retrievedAt": "2026-11-01"}},
                 "listings": [
                   {"marketplace": "amazon-us", "externalId": "B0PAGES001", "url": "https://www.amazon.com/dp/B0PAGES001",
                    "drive": "%s", "sellerName": "Amazon.com", "sellerType": "MARKETPLACE", "condition": "NEW",
                    "observations": [%s]},
                   {"marketplace": "amazon-us", "externalId": "B0PAGES002", "url": "https://www.amazon.com/dp/B0PAGES002",
                    "drive": "%s", "sellerName": "Kestrel Components", "sellerType": "THIRD_PARTY", "condition": "USED",
                    "observations": [
                      {"observedAt": "2026-11-05T09:00:00Z", "price": 520.00, "currency": "USD", "inStock": true, "source": "shop"},
                      {"observedAt": "2026-11-12T09:00:00Z", "price": 505.00, "currency": "USD", "inStock": true, "source": "shop"},
                      {"observedAt": "2026-11-19T09:00:00Z", "price": 499.00, "currency": "USD", "inStock": true, "source": "shop"}]}
                 ]}
                """.formatted(P5800X, fresh, P5800X);
    }

    @TestHTTPResource("/")
    URL base;

    static Chromium browser;
    static String noBrowser;

    @BeforeAll
    static void startBrowser() throws IOException {
        Chromium.Installation chromium = Chromium.find();
        if (!chromium.usable()) {
            noBrowser = chromium.whyNot();
            System.err.println("PagesInBrowserTest skips every test: " + noBrowser);
            return;
        }
        Files.createDirectories(SCREENSHOTS);
        browser = Chromium.start(chromium, 1100, 1400);
    }

    /** Each test skips, saying why, where no Chromium could be installed. */
    @BeforeEach
    void needsTheBrowser() {
        Assumptions.assumeTrue(browser != null, noBrowser);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    /** The import is idempotent: a second one stores nothing, so every test may make sure of it. */
    static void importHistory() {
        admin().contentType(ContentType.JSON).body(HISTORY).when().post("/admin/imports/specs").then().statusCode(200);
    }

    ChromeDriver open(String path) {
        ChromeDriver driver = browser.driver();
        driver.get(url(path));
        return driver;
    }

    String url(String path) {
        return URI.create(base.toString()).resolve(path).toString();
    }

    void assertCleanPage(String what) {
        ChromeDriver driver = browser.driver();
        assertThat(browser.consoleErrors()).as(what + ": console errors").isEmpty();
        // no JavaScript: every page works with it switched off
        assertThat(driver.findElements(By.tagName("script"))).as(what + ": scripts").isEmpty();
        // every input has a label a screen reader reads out
        for (WebElement input : driver.findElements(By.cssSelector("input:not([type=hidden]), select"))) {
            String id = input.getAttribute("id");
            boolean labelled = (id != null && !id.isEmpty() && !driver.findElements(By.cssSelector("label[for='" + id + "']")).isEmpty())
                    || !input.findElements(By.xpath("ancestor::label")).isEmpty();
            assertThat(labelled).as(what + ": a label for " + input.getAttribute("name")).isTrue();
        }
    }

    /** Presses a form's button and waits for the page it leads to (the old page's root goes stale). */
    static void submit(ChromeDriver driver, String button) {
        WebElement page = driver.findElement(By.tagName("html"));
        driver.findElement(By.cssSelector(button)).click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> gone(page));
    }

    /**
     * Whether an element belongs to a page the browser has left. ChromeDriver says so with a stale
     * element reference, or, when asked while the new document is being attached, with an inspector
     * error that the node "does not belong to the document".
     */
    static boolean gone(WebElement element) {
        try {
            element.isEnabled();
            return false;
        } catch (org.openqa.selenium.StaleElementReferenceException e) {
            return true;
        } catch (org.openqa.selenium.WebDriverException e) {
            if (e.getMessage() != null && e.getMessage().contains("does not belong to the document")) {
                return true;
            }
            throw e;
        }
    }

    void screenshot(String name, int maxHeight) throws IOException {
        Path file = SCREENSHOTS.resolve(name + ".png");
        Files.write(file, browser.screenshot(maxHeight));
        if (Boolean.getBoolean("screenshots.update") && List.of("drive-page", "recommend-page").contains(name)) {
            Files.copy(file, Path.of("src", "docs", name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void theDrivePageChartsOnePointPerDayOfHistoryPerCondition() throws IOException {
        importHistory();
        ChromeDriver driver = open("/drives/" + P5800X);
        assertThat(driver.getTitle()).isEqualTo("Intel Optane SSD DC P5800X 400GB · drivecat");
        assertCleanPage("the drive page");

        WebElement chart = driver.findElement(By.cssSelector("figure.chart svg"));
        assertThat(chart.getAttribute("role")).isEqualTo("img");
        assertThat(chart.findElement(By.tagName("title")).getAttribute("textContent"))
                .isEqualTo("Lowest price per day of Intel Optane SSD DC P5800X 400GB, USD, 21 Oct \u2013 23 Nov 2026");
        List<WebElement> points = chart.findElements(By.cssSelector("path.pc-pt"));
        Map<String, List<String>> daysBySeries = new TreeMap<>();
        for (WebElement p : points) {
            String series = p.findElement(By.xpath("..")).getAttribute("data-series");
            daysBySeries.computeIfAbsent(series, s -> new java.util.ArrayList<>()).add(p.getAttribute("data-day"));
            assertThat(p.findElement(By.tagName("title")).getAttribute("textContent")).matches("\\d{1,2} (Oct|Nov) 2026: \\$\\d{3}\\.\\d\\d \\(.+\\)");
        }
        assertThat(points).hasSize(18);
        assertThat(daysBySeries.get("new")).hasSize(14).doesNotHaveDuplicates().contains("2026-11-03").doesNotContain("2026-11-24");
        assertThat(daysBySeries.get("used")).containsExactly("2026-11-05", "2026-11-12", "2026-11-19");
        assertThat(daysBySeries.get("nos")).containsExactly("2026-10-21");
        // the lower of two prices on one day
        assertThat(chart.findElement(By.cssSelector("path.pc-pt[data-day='2026-11-03'].s-new")).getAttribute("data-price")).isEqualTo("735.00");
        // the gap from 10 to 20 Nov breaks the new-offer line in two
        assertThat(chart.findElements(By.cssSelector("g[data-series=new] path.pc-line"))).hasSize(2);
        assertThat(chart.findElements(By.cssSelector("text.pc-latest"))).extracting(WebElement::getText)
                .containsExactlyInAnyOrder("$708.00 \u00b7 23 Nov", "$499.00 \u00b7 19 Nov", "$740.00 \u00b7 21 Oct");
        // the range of offers: one bar for each day with an in-stock price (new and used share 5 Nov)
        assertThat(chart.findElements(By.cssSelector("g.pc-band rect"))).hasSize(17);

        // the offers, with seller type, condition and age
        String offers = driver.findElement(By.cssSelector("table.offers")).getText();
        assertThat(offers).contains("Amazon.com", "sold by the marketplace", "Kestrel Components", "third-party seller", "used",
                "new old stock", "$499.00", "out of stock");
        // power-loss protection: the reading /recommend shares, then each source's words
        assertThat(driver.findElement(By.id("plp")).getText()).isEqualTo("Power-loss protection: yes, writes in flight too");
        assertThat(driver.findElement(By.cssSelector("blockquote.wording")).getText()).contains("\u201cEnhanced PLP: Yes\u201d");
        screenshot("drive-page", 1500);

        // 360 px wide: nothing wider than the screen but what scrolls in its own box
        assertReadableAt360("/drives/" + P5800X, "drive-page-360");
    }

    @Test
    void theRecommendFormSubmitsAndShowsTheRankedDrives() throws IOException {
        ChromeDriver driver = open("/");
        assertCleanPage("the home page");
        driver.findElement(By.cssSelector("input[name=role][value=special]")).click();
        driver.findElement(By.cssSelector("input[name=interface][value=sata]")).click();
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("f-layout"))).selectByValue("raidz2");
        submit(driver, "form.ask button[type=submit]");

        // plp left at its default: the address does not fix it, and the API's default for where the ZIL lives applies
        assertThat(driver.getCurrentUrl()).isEqualTo(url("/recommend?role=special&interface=sata&layout=raidz2"));
        assertCleanPage("the recommend page");
        List<WebElement> results = driver.findElements(By.cssSelector("li.result"));
        assertThat(results).isNotEmpty();
        WebElement first = results.get(0);
        assertThat(first.findElement(By.cssSelector("h2 a")).getText()).isEqualTo("Samsung PM893 240GB");
        assertThat(first.findElements(By.cssSelector("table.components tbody tr"))).extracting(r -> r.findElement(By.tagName("th")).getText())
                .containsExactly("Flush", "Power-loss protection", "Endurance", "Price", "Room");
        assertThat(first.findElements(By.cssSelector(".bar > span"))).hasSize(5)
                .allSatisfy(bar -> assertThat(bar.getAttribute("style")).matches("width: \\d+(\\.\\d)?%;"));
        assertThat(first.getText()).contains("Set: 3 drives, $1,050.00", "Why", "Check before buying");
        assertThat(driver.findElement(By.cssSelector(".question")).getText()).contains("A special vdev", "SATA", "RAIDZ2",
                "power-loss protection required");
        screenshot("recommend-page", 1500);

        // the question is shown in the form, which asks the next one
        driver.findElement(By.cssSelector("details.edit > summary")).click();
        assertThat(driver.findElement(By.cssSelector("input[name=interface][value=sata]")).isSelected()).isTrue();
        assertThat(new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("f-layout"))).getFirstSelectedOption()
                .getAttribute("value")).isEqualTo("raidz2");
        org.openqa.selenium.support.ui.Select plp = new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("f-plp")));
        assertThat(plp.getFirstSelectedOption().getAttribute("value")).isEmpty();
        assertThat(plp.getFirstSelectedOption().getText()).isEqualTo("default (required where the ZIL lives, else any)");
        driver.findElement(By.cssSelector("input[name=role][value=slog]")).click();
        driver.findElement(By.cssSelector("input[name=interface][value=sata]")).click();
        driver.findElement(By.cssSelector("input[name=interface][value=m2]")).click();
        submit(driver, "form.ask button[type=submit]");
        assertThat(driver.getCurrentUrl()).isEqualTo(url("/recommend?role=slog&interface=m2"));
        assertThat(driver.findElement(By.cssSelector("li.result h2 a")).getText()).isEqualTo("Micron 7450 PRO 480GB");
        assertThat(driver.findElement(By.cssSelector(".question")).getText()).contains("power-loss protection required");
        // a special vdev that keeps no ZIL (a pool with a log): the same default choice, and the API's default is any
        driver.findElement(By.cssSelector("details.edit > summary")).click();
        driver.findElement(By.cssSelector("input[name=role][value=special]")).click();
        driver.findElement(By.cssSelector("input[name=hasSlog]")).click();
        submit(driver, "form.ask button[type=submit]");
        assertThat(driver.getCurrentUrl()).isEqualTo(url("/recommend?role=special&interface=m2&layout=mirror&hasSlog=true"));
        assertThat(driver.findElement(By.cssSelector(".question")).getText()).contains("power-loss protection any");
        assertCleanPage("the recommend page for a SLOG");

        assertReadableAt360("/recommend?role=special&interface=sata&layout=raidz2", "recommend-page-360");
    }

    @Test
    void theDriveListIsFilteredByItsForm() {
        ChromeDriver driver = open("/drives");
        assertCleanPage("the drive list");
        driver.findElement(By.cssSelector("details.edit > summary")).click();
        driver.findElement(By.cssSelector("input[name=interface][value=m2]")).click();
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("f-sort"))).selectByValue("price");
        submit(driver, "form.filters button[type=submit]");

        assertThat(driver.getCurrentUrl()).isEqualTo(url("/drives?interface=m2&sort=price"));
        // the page lists what the JSON answer to the same question lists, in the same order
        List<String> slugs = io.restassured.RestAssured.given().accept(ContentType.JSON).queryParam("interface", "m2").queryParam("sort", "price")
                .get("/drives").then().statusCode(200).extract().jsonPath().getList("items.slug", String.class);
        assertThat(slugs).hasSizeGreaterThan(1).hasSizeLessThan(20);
        assertThat(driver.findElement(By.cssSelector("p.count")).getText())
                .isEqualTo("Drives 1\u2013" + slugs.size() + " of " + slugs.size() + "; best offers in USD.");
        List<WebElement> rows = driver.findElements(By.cssSelector("table.drives tbody tr"));
        assertThat(rows.stream().map(r -> r.findElement(By.cssSelector("th a")).getAttribute("href").replaceFirst(".*/drives/", "")).toList())
                .isEqualTo(slugs);
        assertThat(rows).allSatisfy(r -> assertThat(r.findElement(By.tagName("small")).getText()).contains("M.2"));
        // cheapest best offer first
        assertThat(rows.get(0).findElement(By.cssSelector("th a")).getText()).isEqualTo("Micron 7450 PRO 480GB");
        assertCleanPage("the filtered drive list");
    }

    @Test
    void everyLinkOnThePagesResolves() throws Exception {
        importHistory();
        Set<String> links = new LinkedHashSet<>();
        Set<String> external = new LinkedHashSet<>();
        for (String page : List.of("/", "/recommend?role=slog", "/recommend?role=special&interface=sata&layout=raidz2", "/drives",
                "/drives/" + P5800X, "/drives/intel-optane-p4800x-375gb-u2")) {
            ChromeDriver driver = open(page);
            for (WebElement a : driver.findElements(By.cssSelector("a[href], link[href]"))) {
                String href = a.getAttribute("href");
                if (href.startsWith("data:")) {
                    continue;
                }
                (href.startsWith(base.toString()) ? links : external).add(href);
            }
            assertCleanPage(page);
        }
        HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
        Map<String, Integer> broken = new TreeMap<>();
        for (String link : links) {
            HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(link.replaceFirst("#.*$", "")))
                    .header("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8").GET().build(),
                    HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() != 200) {
                broken.put(link, r.statusCode());
            }
        }
        assertThat(links).as("links checked").hasSizeGreaterThan(30)
                .anyMatch(l -> l.endsWith("/prices.svg")).anyMatch(l -> l.endsWith("/drivecat.css")).anyMatch(l -> l.endsWith("/q/openapi"));
        assertThat(broken).as("links that do not answer 200").isEmpty();
        // links out of drivecat are the listings and the sources' own pages, never fetched by a test
        assertThat(external).allMatch(l -> l.matches("https?://[a-z0-9.-]+\\.[a-z]{2,}/.*"));
    }

    void assertReadableAt360(String path, String screenshot) throws IOException {
        ChromeDriver driver = browser.driver();
        Dimension wide = driver.manage().window().getSize();
        try {
            driver.manage().window().setSize(new Dimension(360, 800));
            driver.get(url(path));
            long inner = ((Number) driver.executeScript("return window.innerWidth")).longValue();
            long scroll = ((Number) driver.executeScript("return document.documentElement.scrollWidth")).longValue();
            Object wider = driver.executeScript("""
                    return [...document.querySelectorAll('body *')]
                      .filter(e => e.getBoundingClientRect().right > window.innerWidth && !e.closest('.table-wrap, figure.chart'))
                      .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));""");
            assertThat(scroll).as(path + " at " + inner + " px wide; wider: " + wider).isLessThanOrEqualTo(inner);
            @SuppressWarnings("unchecked")
            List<Object> small = (List<Object>) driver.executeScript("""
                    return [...document.querySelectorAll('main p, main li, main td, main th, main label, main dd')]
                      .filter(e => e.offsetParent !== null && e.innerText.trim().length > 0)
                      .map(e => parseFloat(getComputedStyle(e).fontSize)).filter(s => s < 12);""");
            assertThat(small).as(path + ": text smaller than 12 px").isEmpty();
            screenshot(screenshot, 2400);
        } finally {
            driver.manage().window().setSize(wide);
        }
    }
}
