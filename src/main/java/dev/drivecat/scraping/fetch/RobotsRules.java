package dev.drivecat.scraping.fetch;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRules.RobotRulesMode;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The rules of one robots.txt for one product token, per RFC 9309, as crawler-commons reads them:
 * the groups naming the token (case-insensitively) are merged, else the {@code *} groups; the
 * longest matching allow or disallow pattern wins, allow on a tie; {@code *} matches any run of
 * characters and a final {@code $} anchors the end; paths compare after percent-encoding is
 * normalised. No rule matching means allowed. Pure: parsing does no I/O.
 */
final class RobotsRules {

    static final RobotsRules ALLOW_ALL = new RobotsRules(new SimpleRobotRules(RobotRulesMode.ALLOW_ALL));
    static final RobotsRules DISALLOW_ALL = new RobotsRules(new SimpleRobotRules(RobotRulesMode.ALLOW_NONE));

    /**
     * The rules are per origin, so only the path and query of this base's URLs count; it names no
     * real host.
     */
    private static final String BASE = "http://robots.invalid";

    private final BaseRobotRules rules;

    private RobotsRules(BaseRobotRules rules) {
        this.rules = rules;
    }

    /** Parses robots.txt text and keeps the rules that apply to {@code productToken}. */
    static RobotsRules parse(String text, String productToken) {
        // Crawl-delay is not ours to obey (the fetcher paces each host itself), so no delay however
        // long turns into crawler-commons' default of disallowing everything; a parser counts its
        // warnings per parse, so one per call keeps parses independent
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, SimpleRobotRulesParser.DEFAULT_MAX_WARNINGS);
        return new RobotsRules(parser.parseContent(BASE + "/robots.txt", text.getBytes(StandardCharsets.UTF_8),
                "text/plain", List.of(productToken.toLowerCase(Locale.ROOT))));
    }

    /** Whether the path (with its query, as sent) may be fetched. */
    boolean allows(String pathAndQuery) {
        try {
            return rules.isAllowed(new URL(BASE + (pathAndQuery.isEmpty() ? "/" : pathAndQuery)));
        } catch (MalformedURLException e) {
            // the fetcher sends only paths of URIs it parsed; one no URL can hold is not fetched
            return false;
        }
    }
}
