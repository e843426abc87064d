package dev.drivecat.scraping;

import java.util.Arrays;
import java.util.Set;
import java.util.function.Function;

/** The sites drivecat can parse: which selectors and phrases each parser reads, and the parser of one layout. */
enum SiteKind {
    AMAZON("amazon", AmazonParser.SELECTORS, AmazonParser.PHRASES, AmazonParser::new),
    EBAY("ebay", EbayParser.SELECTORS, EbayParser.PHRASES, EbayParser::new),
    NEWEGG("newegg", NeweggParser.SELECTORS, NeweggParser.PHRASES, NeweggParser::new);

    private final String site;
    private final Set<String> selectors;
    private final Set<String> phrases;
    private final Function<SiteRules, AbstractSiteParser> parser;

    SiteKind(String site, Set<String> selectors, Set<String> phrases, Function<SiteRules, AbstractSiteParser> parser) {
        this.site = site;
        this.selectors = selectors;
        this.phrases = phrases;
        this.parser = parser;
    }

    static SiteKind of(String source, SiteDefinition definition) {
        return Arrays.stream(values()).filter(k -> k.site.equals(definition.site())).findFirst()
                .orElseThrow(() -> new InvalidSiteDefinitionException(source + ": site '" + definition.site()
                        + "' has no parser; use one of " + Arrays.stream(values()).map(k -> k.site).toList()));
    }

    Set<String> selectors() {
        return selectors;
    }

    Set<String> phrases() {
        return phrases;
    }

    /** The site's reader: its layouts, each read by this site's parser. */
    SiteReader reader(SiteRules rules) {
        return new SiteReader(rules, parser);
    }
}
