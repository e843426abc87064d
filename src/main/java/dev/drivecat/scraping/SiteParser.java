package dev.drivecat.scraping;

/** A parser built from a site definition. */
interface SiteParser extends MarketplaceParser {

    SiteRules rules();
}
