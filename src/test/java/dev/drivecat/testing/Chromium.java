package dev.drivecat.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium for the page tests, driven by Selenium through chromedriver: Debian's
 * {@code chromium} and {@code chromium-driver} packages (.ci/run installs them), found on the PATH, so
 * nothing is downloaded at test time. Each browser gets a fresh profile directory, removed on close.
 */
public final class Chromium implements AutoCloseable {

    /** The flags every run uses: headless, no sandbox (CI runs as root), nothing that talks to Google. */
    static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage");

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Where Chromium and its driver are, or why they cannot be used (the reason a test skips with). */
    public record Installation(Optional<Path> browser, Optional<Path> driver) {

        public boolean usable() {
            return browser.isPresent() && driver.isPresent();
        }

        public String whyNot() {
            return "no headless Chromium to test the pages with: " + (browser.isEmpty() ? "no chromium" : "")
                    + (browser.isEmpty() && driver.isEmpty() ? " and " : "") + (driver.isEmpty() ? "no chromedriver" : "")
                    + " on the PATH (Debian: apt-get install chromium chromium-driver; .ci/run does this when it runs as root)";
        }
    }

    public static Installation find() {
        return new Installation(onPath("chromium", "chromium-browser", "google-chrome"), onPath("chromedriver"));
    }

    private static Optional<Path> onPath(String... names) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** Starts a browser with a window of this size; the caller closes it. */
    public static Chromium start(Installation installation, int width, int height) {
        try {
            Path profile = Files.createTempDirectory("drivecat-chromium");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(installation.browser().orElseThrow().toFile());
            options.addArguments(FLAGS);
            options.addArguments("--user-data-dir=" + profile, "--window-size=" + width + "," + height);
            LoggingPreferences logs = new LoggingPreferences();
            logs.enable(LogType.BROWSER, Level.ALL);
            options.setCapability("goog:loggingPrefs", logs);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(installation.driver().orElseThrow().toFile())
                    .usingAnyFreePort()
                    .build();
            return new Chromium(new ChromeDriver(service, options), profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** What the page logged at SEVERE since the last call: JavaScript errors, failed loads. */
    public List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage).toList();
    }

    /** The whole page (up to maxHeight) as a PNG, at the window's width. */
    public byte[] screenshot(int maxHeight) {
        Object height = driver.executeScript("return document.documentElement.scrollHeight");
        int h = Math.min(maxHeight, ((Number) height).intValue());
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of(
                "format", "png", "captureBeyondViewport", true,
                "clip", Map.of("x", 0, "y", 0, "width", ((Number) driver.executeScript("return window.innerWidth")).intValue(),
                        "height", h, "scale", 1)));
        return java.util.Base64.getDecoder().decode((String) shot.get("data"));
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temporary directory left behind is harmless
            }
        }
    }
}
