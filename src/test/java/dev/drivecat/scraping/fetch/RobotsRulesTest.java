package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RobotsRulesTest {

    private static RobotsRules rules(String text) {
        return RobotsRules.parse(text, "drivecat");
    }

    @Test
    void allowsEverythingWhenNoRuleMatches() {
        RobotsRules rules = rules("User-agent: *\nDisallow: /cart\n");

        assertThat(rules.allows("/dp/B0")).isTrue();
        assertThat(rules.allows("/cart")).isFalse();
        assertThat(rules.allows("/cart/add?item=1")).isFalse();
        assertThat(rules.allows("/carts")).isFalse();
    }

    @Test
    void theLongestMatchWinsWhateverTheOrder() {
        RobotsRules rules = rules("""
                User-agent: *
                Allow: /gp/offer-listing/
                Disallow: /gp/
                """);

        assertThat(rules.allows("/gp/offer-listing/B0")).isTrue();
        assertThat(rules.allows("/gp/cart")).isFalse();
    }

    @Test
    void allowWinsATieBetweenEquallyLongRules() {
        assertThat(rules("User-agent: *\nDisallow: /page\nAllow: /page\n").allows("/page")).isTrue();
        assertThat(rules("User-agent: *\nAllow: /page\nDisallow: /page\n").allows("/page")).isTrue();
    }

    @Test
    void matchesWildcardsAndTheEndAnchor() {
        RobotsRules rules = rules("""
                User-agent: *
                Disallow: /*.php$
                Disallow: /s?*ref=
                Disallow: /fish*
                """);

        assertThat(rules.allows("/index.php")).isFalse();
        assertThat(rules.allows("/index.php?x=1")).isTrue();
        assertThat(rules.allows("/dir/page.php")).isFalse();
        assertThat(rules.allows("/s?k=optane&ref=nb")).isFalse();
        assertThat(rules.allows("/s?k=optane")).isTrue();
        assertThat(rules.allows("/fishheads")).isFalse();
        assertThat(rules.allows("/Fish")).isTrue();
    }

    @Test
    void usesOnlyTheGroupsNamingDrivecatMergedWhenThereAreAny() {
        RobotsRules rules = rules("""
                User-agent: *
                Disallow: /

                User-agent: otherbot
                User-agent: DRIVECAT
                Disallow: /a

                User-agent: googlebot
                Disallow: /b

                user-agent: drivecat/2.0
                disallow: /c
                """);

        assertThat(rules.allows("/a")).isFalse();
        assertThat(rules.allows("/b")).isTrue();
        assertThat(rules.allows("/c")).isFalse();
        assertThat(rules.allows("/d")).isTrue();
    }

    @Test
    void fallsBackToTheStarGroupAndIgnoresSimilarNames() {
        RobotsRules rules = rules("""
                User-agent: drivecatbot
                Disallow: /

                User-agent: *
                Disallow: /private
                """);

        assertThat(rules.allows("/public")).isTrue();
        assertThat(rules.allows("/private")).isFalse();
    }

    @Test
    void anEmptyDisallowAllowsEverything() {
        assertThat(rules("User-agent: *\nDisallow:\n").allows("/anything")).isTrue();
    }

    @Test
    void ignoresCommentsUnknownLinesRulesOutsideGroupsAndAByteOrderMark() {
        RobotsRules rules = rules("""
                \uFEFFDisallow: /before-any-group
                # a comment
                Sitemap: https://example.com/sitemap.xml
                User-agent: * # everyone
                Crawl-delay: 10
                Disallow: /private # keep out
                """);

        assertThat(rules.allows("/before-any-group")).isTrue();
        assertThat(rules.allows("/private")).isFalse();
        assertThat(rules.allows("/private-not")).isFalse();
        assertThat(rules.allows("/public")).isTrue();
    }

    @Test
    void alwaysAllowsRobotsTxtItself() {
        assertThat(rules("User-agent: *\nDisallow: /\n").allows("/robots.txt")).isTrue();
        assertThat(rules("User-agent: *\nDisallow: /\n").allows("/")).isFalse();
    }

    @Test
    void comparesPathsAfterNormalisingPercentEncoding() {
        RobotsRules rules = rules("""
                User-agent: *
                Disallow: /~joe/
                Disallow: /caf\u00e9
                Disallow: /a%2fb
                """);

        assertThat(rules.allows("/%7Ejoe/index.html")).isFalse();
        assertThat(rules.allows("/caf%C3%A9/menu")).isFalse();
        assertThat(rules.allows("/caf%c3%a9")).isFalse();
        assertThat(rules.allows("/a%2Fb")).isFalse();
        assertThat(rules.allows("/a/b")).isTrue();
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void matchesHostilePatternsWithoutBlowingUp() {
        String path = "/" + "a".repeat(5000);
        RobotsRules rules = rules("User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*a*a*a*b$\n");

        assertThat(rules.allows(path)).isTrue();
        assertThat(rules.allows(path + "b")).isFalse();
    }

    @Test
    void aLongCrawlDelayDisallowsNothing() {
        RobotsRules rules = rules("User-agent: *\nCrawl-delay: 3600\nDisallow: /private\n");

        assertThat(rules.allows("/public")).isTrue();
        assertThat(rules.allows("/private")).isFalse();
    }

    @Test
    void theFixedRuleSetsMeanWhatTheySay() {
        assertThat(RobotsRules.ALLOW_ALL.allows("/anything")).isTrue();
        assertThat(RobotsRules.DISALLOW_ALL.allows("/anything")).isFalse();
    }
}
