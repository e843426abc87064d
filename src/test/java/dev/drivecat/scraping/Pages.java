package dev.drivecat.scraping;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/** Reads saved pages through the shipped site definitions, as the scraper would. */
final class Pages {

    static final SiteDefinitions SITES = SiteDefinitions.fromClasspath();

    private Pages() {
    }

    /** A committed synthetic page from src/test/resources/fixtures/marketplaces/. */
    static PageParse fixture(String name, String url) {
        String path = "fixtures/marketplaces/" + name;
        try (InputStream in = Pages.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return parse(Jsoup.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), url), url, SITES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A committed synthetic page's text, to make a variant of it. */
    static String fixtureText(String name) {
        String path = "fixtures/marketplaces/" + name;
        try (InputStream in = Pages.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page given as text (a variant of a fixture). */
    static PageParse html(String html, String url) {
        return parse(Jsoup.parse(html, url), url, SITES);
    }

    /** A committed synthetic page, read with other site definitions. */
    static PageParse fixture(String name, String url, SiteDefinitions sites) {
        String path = "fixtures/marketplaces/" + name;
        try (InputStream in = Pages.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return parse(Jsoup.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), url), url, sites);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page read in place from a folder (the shared real pages); never copied. */
    static PageParse file(Path file, String url) {
        try {
            return parse(Jsoup.parse(file.toFile(), null, url), url, SITES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PageParse parse(Document document, String url, SiteDefinitions sites) {
        URI uri = URI.create(url);
        MarketplaceParser parser = sites.parserFor(uri.getHost()).orElseThrow(
                () -> new AssertionError("no site definition for " + uri.getHost()));
        return parser.parse(document, uri);
    }

    static PageParse.Product product(PageParse parse) {
        assertThat(parse).as("parse result").isInstanceOf(PageParse.Product.class);
        return (PageParse.Product) parse;
    }

    static ParsedOffer featured(PageParse parse) {
        return offer(parse, ParsedOffer.FEATURED);
    }

    static ParsedOffer offer(PageParse parse, String key) {
        return product(parse).offers().stream().filter(o -> o.offerKey().equals(key)).findFirst()
                .orElseThrow(() -> new AssertionError("no offer '" + key + "' in " + parse));
    }
}
