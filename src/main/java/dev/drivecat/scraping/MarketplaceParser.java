package dev.drivecat.scraping;

import java.net.URI;
import org.jsoup.nodes.Document;

/** Reads one marketplace's product pages. A pure function: no I/O, no clock, no state. */
public interface MarketplaceParser {

    PageParse parse(Document document, URI url);
}
