package dev.drivecat.digest;

import dev.drivecat.common.Text;
import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.PriceChangeService.ChangeReport;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** Writes price changes as an Atom feed (RFC 4287): one entry per change. */
final class AtomFeed {

    static final String MEDIA_TYPE = "application/atom+xml";
    static final String NS = "http://www.w3.org/2005/Atom";
    private static final DateTimeFormatter COMPACT = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private AtomFeed() {
    }

    /**
     * @param self the absolute URL this feed was asked at; the same URL answers in JSON without the
     *     Atom Accept header, so it is also the feed's JSON alternate
     */
    static String write(ChangeReport report, String self) {
        try {
            StringWriter out = new StringWriter();
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeStartElement("feed");
            x.writeDefaultNamespace(NS);
            // the question is the feed: the same URL is the same feed
            text(x, "id", self);
            text(x, "title", "drivecat price changes");
            text(x, "subtitle", "Changes from " + report.since() + " to " + report.until() + " of at least "
                    + report.minPercent().stripTrailingZeros().toPlainString() + "% (or in stock, seller type or listings)");
            text(x, "updated", updated(report).toString());
            x.writeStartElement("author");
            text(x, "name", "drivecat");
            x.writeEndElement();
            link(x, "self", MEDIA_TYPE, self);
            link(x, "alternate", "application/json", self);
            for (PriceChange c : report.changes()) {
                entry(x, c, report);
            }
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
            return out.toString();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("could not write the Atom feed", e);
        }
    }

    private static void entry(XMLStreamWriter x, PriceChange c, ChangeReport report) throws XMLStreamException {
        x.writeStartElement("entry");
        text(x, "id", "urn:drivecat:price-change:" + c.drive() + ":" + c.currency() + ":"
                + (c.condition() == null ? "ANY" : c.condition().token()) + ":" + (c.sellerType() == null ? "ANY" : c.sellerType().token())
                + ":" + COMPACT.format(report.since()) + "-" + COMPACT.format(report.until()));
        text(x, "title", c.driveName() + ": " + ChangeWords.headline(c));
        Instant updated = c.after() != null ? c.after().observedAt() : report.until();
        text(x, "updated", updated.toString());
        link(x, "alternate", "text/html", c.driveUrl());
        if (c.after() != null && c.after().url() != null) {
            link(x, "related", "text/html", c.after().url());
        }
        for (ChangeKind k : c.kinds()) {
            x.writeEmptyElement("category");
            attribute(x, "term", k.token());
            attribute(x, "label", ChangeWords.kind(k));
        }
        text(x, "summary", summary(c));
        x.writeEndElement();
    }

    static String summary(PriceChange c) {
        StringBuilder s = new StringBuilder();
        s.append(ChangeWords.kinds(c.kinds())).append(": ").append(ChangeWords.headline(c)).append(". ");
        s.append(ChangeWords.condition(c.condition())).append(", ").append(ChangeWords.sellerType(c.sellerType()));
        if (c.after() != null) {
            s.append("; ").append(c.after().seller() == null ? "seller not named" : c.after().seller())
                    .append(" on ").append(c.after().marketplace());
        }
        return s.append('.').toString();
    }

    private static Instant updated(ChangeReport report) {
        return report.changes().stream().filter(c -> c.after() != null).map(c -> c.after().observedAt())
                .max(Instant::compareTo).orElse(report.evaluatedAt().isBefore(report.until()) ? report.evaluatedAt() : report.until());
    }

    /** Every text and attribute goes through these: nothing outside XML 1.0's Char production is written, whatever was stored. */
    private static void text(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeStartElement(name);
        x.writeCharacters(Text.forXml(value));
        x.writeEndElement();
    }

    private static void attribute(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeAttribute(name, Text.forXml(value));
    }

    private static void link(XMLStreamWriter x, String rel, String type, String href) throws XMLStreamException {
        x.writeEmptyElement("link");
        attribute(x, "rel", rel);
        attribute(x, "type", type);
        attribute(x, "href", href);
    }
}
