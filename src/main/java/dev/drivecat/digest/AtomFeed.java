package dev.drivecat.digest;

import com.rometools.rome.feed.atom.Category;
import com.rometools.rome.feed.atom.Content;
import com.rometools.rome.feed.atom.Entry;
import com.rometools.rome.feed.atom.Feed;
import com.rometools.rome.feed.atom.Link;
import com.rometools.rome.feed.atom.Person;
import com.rometools.rome.io.FeedException;
import com.rometools.rome.io.WireFeedOutput;
import dev.drivecat.common.Text;
import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.PriceChangeService.ChangeReport;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * Writes price changes as an Atom feed (RFC 4287) through ROME: one entry per change. Dates are
 * written to the second, as ROME writes them.
 */
final class AtomFeed {

    static final String MEDIA_TYPE = "application/atom+xml";
    private static final DateTimeFormatter COMPACT = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private AtomFeed() {
    }

    /**
     * @param self the absolute URL this feed was asked at; the same URL answers in JSON without the
     *     Atom Accept header, so it is also the feed's JSON alternate
     */
    static String write(ChangeReport report, String self) {
        Feed feed = new Feed("atom_1.0");
        feed.setEncoding("UTF-8");
        // the question is the feed: the same URL is the same feed
        feed.setId(Text.forXml(self));
        feed.setTitleEx(text("drivecat price changes"));
        feed.setSubtitle(text("Changes from " + report.since() + " to " + report.until() + " of at least "
                + report.minPercent().stripTrailingZeros().toPlainString() + "% (or in stock, seller type or listings)"));
        feed.setUpdated(Date.from(updated(report)));
        Person author = new Person();
        author.setName("drivecat");
        feed.setAuthors(List.of(author));
        feed.setOtherLinks(List.of(link("self", MEDIA_TYPE, self)));
        feed.setAlternateLinks(List.of(link("alternate", "application/json", self)));
        List<Entry> entries = new ArrayList<>(report.changes().size());
        for (PriceChange c : report.changes()) {
            entries.add(entry(c, report));
        }
        feed.setEntries(entries);
        try {
            return new WireFeedOutput().outputString(feed);
        } catch (FeedException e) {
            throw new IllegalStateException("could not write the Atom feed", e);
        }
    }

    private static Entry entry(PriceChange c, ChangeReport report) {
        Entry entry = new Entry();
        entry.setId(Text.forXml("urn:drivecat:price-change:" + c.drive() + ":" + c.currency() + ":"
                + (c.condition() == null ? "ANY" : c.condition().token()) + ":" + (c.sellerType() == null ? "ANY" : c.sellerType().token())
                + ":" + COMPACT.format(report.since()) + "-" + COMPACT.format(report.until())));
        entry.setTitleEx(text(c.driveName() + ": " + ChangeWords.headline(c)));
        entry.setUpdated(Date.from(c.after() != null ? c.after().observedAt() : report.until()));
        entry.setAlternateLinks(List.of(link("alternate", "text/html", c.driveUrl())));
        if (c.after() != null && c.after().url() != null) {
            entry.setOtherLinks(List.of(link("related", "text/html", c.after().url())));
        }
        List<Category> categories = new ArrayList<>(c.kinds().size());
        for (ChangeKind k : c.kinds()) {
            Category category = new Category();
            category.setTerm(Text.forXml(k.token()));
            category.setLabel(Text.forXml(ChangeWords.kind(k)));
            categories.add(category);
        }
        entry.setCategories(categories);
        entry.setSummary(text(summary(c)));
        return entry;
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

    /** Every text and attribute goes through {@link Text#forXml}: nothing outside XML 1.0's Char production is written, whatever was stored. */
    private static Content text(String value) {
        Content content = new Content();
        content.setType(Content.TEXT);
        content.setValue(Text.forXml(value));
        return content;
    }

    private static Link link(String rel, String type, String href) {
        Link link = new Link();
        link.setRel(rel);
        link.setType(type);
        link.setHref(Text.forXml(href));
        return link;
    }
}
