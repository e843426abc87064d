package dev.drivecat.pricing;

import dev.drivecat.database.CatalogWrites;
import dev.drivecat.database.Columns;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.hibernate.Session;
import org.postgresql.PGConnection;

/**
 * The one way price observations are written, whether they come from an import, a scrape or a
 * saved page. Appends (never updates), stores an observation of a listing at a given instant
 * once, and flags a price jump as suspect by {@link SuspectPriceRule}.
 *
 * <p>A batch costs a fixed number of statements whatever its size: the listings' current offers
 * and the observations around the batch are read in three queries, every observation is judged in
 * memory in the order given (as if recorded one by one), and the new ones are streamed with COPY
 * into a temporary table and appended by one INSERT, whose statement-level trigger keeps
 * current_offer.
 */
@ApplicationScoped
public class PriceRecorder {

    @Inject
    EntityManager em;

    @Inject
    PriceSettings priceSettings;

    @Inject
    CatalogWrites writes;

    /** What happened to one observation. */
    public record Recorded(Optional<Long> id, boolean suspect) {
        public boolean added() {
            return id.isPresent();
        }
    }

    /** One observation of one listing, to record. */
    public record Entry(Listing listing, ObservationInput observation) {
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public Recorded record(Listing listing, ObservationInput o) {
        return recordAll(List.of(new Entry(listing, o))).get(0);
    }

    /**
     * Records a listing's past prices (see {@link PastPrices}): only the points after the listing's newest
     * observation, so that history read again is stored once.
     *
     * @return how many observations were added
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public int recordPast(Listing listing, PastPrices past, Condition condition) {
        if (past.points().isEmpty()) {
            return 0;
        }
        em.flush();
        Object newest = em.createNativeQuery("SELECT max(observed_at) FROM price_observation WHERE listing_id = :id")
                .setParameter("id", listing.id).getSingleResult();
        Instant since = Columns.instant(newest);
        List<Entry> entries = past.after(since, condition).stream().map(o -> new Entry(listing, o)).toList();
        return (int) recordAll(entries).stream().filter(Recorded::added).count();
    }

    /** Records the observations in the order given; the answer has one entry per observation, in the same order. */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<Recorded> recordAll(List<Entry> entries) {
        if (entries.isEmpty()) {
            return List.of();
        }
        em.flush();
        List<Recorded> recorded = em.unwrap(Session.class).doReturningWork(c -> record(c, entries));
        if (recorded.stream().anyMatch(Recorded::added)) {
            writes.mark();
        }
        return recorded;
    }

    /** An observation the batch must be judged against: stored before, or earlier in the batch. */
    private record Known(BigDecimal price, String currency, boolean suspect) {
    }

    /** A listing's current offer as the batch advances it. */
    private record Current(BigDecimal price, String currency, Instant observedAt) {
    }

    private List<Recorded> record(Connection c, List<Entry> entries) throws SQLException {
        Map<Long, NavigableMap<Instant, Known>> known = new HashMap<>();
        Map<Long, Current> current = new HashMap<>();
        Set<Long> listings = new LinkedHashSet<>();
        Map<Long, Set<String>> currencies = new HashMap<>();
        Instant from = null;
        Instant to = null;
        for (Entry e : entries) {
            long id = e.listing().id;
            listings.add(id);
            Instant at = at(e);
            from = from == null || at.isBefore(from) ? at : from;
            to = to == null || at.isAfter(to) ? at : to;
            if (e.observation().currency() != null) {
                currencies.computeIfAbsent(id, k -> new LinkedHashSet<>()).add(e.observation().currency());
            }
            known.computeIfAbsent(id, k -> new TreeMap<>());
        }
        Array ids = c.createArrayOf("bigint", listings.toArray());
        try (PreparedStatement s = c.prepareStatement(
                "SELECT listing_id, price, currency, observed_at FROM current_offer WHERE listing_id = ANY(?)")) {
            s.setArray(1, ids);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    current.put(rs.getLong(1), new Current(rs.getBigDecimal(2), rs.getString(3),
                            rs.getObject(4, java.time.OffsetDateTime.class).toInstant()));
                }
            }
        }
        // what is stored within the batch's time span (duplicates, and observations between the batch's)
        try (PreparedStatement s = c.prepareStatement("""
                SELECT listing_id, observed_at, price, currency, suspect FROM price_observation
                 WHERE listing_id = ANY(?) AND observed_at BETWEEN ? AND ?""")) {
            s.setArray(1, ids);
            s.setObject(2, from.atOffset(java.time.ZoneOffset.UTC));
            s.setObject(3, to.atOffset(java.time.ZoneOffset.UTC));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    known.get(rs.getLong(1)).put(rs.getObject(2, java.time.OffsetDateTime.class).toInstant(),
                            new Known(rs.getBigDecimal(3), rs.getString(4), rs.getBoolean(5)));
                }
            }
        }
        // the newest priced observation before the batch, per listing and currency
        List<Long> pairListings = new ArrayList<>();
        List<String> pairCurrencies = new ArrayList<>();
        currencies.forEach((listing, set) -> set.forEach(currency -> {
            pairListings.add(listing);
            pairCurrencies.add(currency);
        }));
        if (!pairListings.isEmpty()) {
            try (PreparedStatement s = c.prepareStatement("""
                    SELECT b.listing_id, b.currency, p.observed_at, p.price, p.suspect
                      FROM unnest(?::bigint[], ?::text[]) AS b(listing_id, currency)
                      CROSS JOIN LATERAL (SELECT o.observed_at, o.price, o.suspect FROM price_observation o
                                           WHERE o.listing_id = b.listing_id AND o.currency = b.currency
                                             AND o.price IS NOT NULL AND o.observed_at < ?
                                           ORDER BY o.observed_at DESC LIMIT 1) p""")) {
                s.setArray(1, c.createArrayOf("bigint", pairListings.toArray()));
                s.setArray(2, c.createArrayOf("text", pairCurrencies.toArray()));
                s.setObject(3, from.atOffset(java.time.ZoneOffset.UTC));
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        known.get(rs.getLong(1)).put(rs.getObject(3, java.time.OffsetDateTime.class).toInstant(),
                                new Known(rs.getBigDecimal(4), rs.getString(2), rs.getBoolean(5)));
                    }
                }
            }
        }
        BigDecimal factor = priceSettings.suspectFactor();
        boolean[] append = new boolean[entries.size()];
        boolean[] suspect = new boolean[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            ObservationInput o = e.observation();
            long id = e.listing().id;
            NavigableMap<Instant, Known> seen = known.get(id);
            Instant at = at(e);
            if (seen.containsKey(at)) {
                continue; // this listing has an observation at that instant already
            }
            Current now = current.get(id);
            Optional<BigDecimal> currentPrice = now == null || now.price() == null || !now.currency().equals(o.currency())
                    ? Optional.empty() : Optional.of(now.price());
            Optional<SuspectPriceRule.PreviousPrice> previous = Optional.empty();
            for (Known k : seen.headMap(at, false).descendingMap().values()) {
                if (k.price() != null && k.currency() != null && k.currency().equals(o.currency())) {
                    previous = Optional.of(new SuspectPriceRule.PreviousPrice(k.price(), k.suspect()));
                    break;
                }
            }
            suspect[i] = o.price() != null && SuspectPriceRule.isSuspect(Optional.of(o.price()), currentPrice, previous, factor);
            append[i] = true;
            seen.put(at, new Known(o.price(), o.currency(), suspect[i]));
            if (!suspect[i] && (now == null || now.observedAt().isBefore(at))) {
                current.put(id, new Current(o.price(), o.currency(), at));
            }
        }
        Map<Key, Long> added = append(c, entries, append, suspect);
        List<Recorded> out = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            Long id = append[i] ? added.get(new Key(entries.get(i).listing().id, at(entries.get(i)))) : null;
            out.add(new Recorded(Optional.ofNullable(id), id != null && suspect[i]));
        }
        return out;
    }

    private static final String COLUMNS = "listing_id, observed_at, price, price_high, currency, shipping, member_price, in_stock, "
            + "availability, seller_name, seller_type, fulfilled_by_marketplace, condition, business_only, wording, source, "
            + "source_url, scrape_run_id, suspect";

    /** COPY into a temporary table, then one INSERT: the new observations' ids by listing and instant. */
    private static Map<Key, Long> append(Connection c, List<Entry> entries, boolean[] append, boolean[] suspect)
            throws SQLException {
        StringBuilder csv = new StringBuilder();
        int rows = 0;
        for (int i = 0; i < entries.size(); i++) {
            if (!append[i]) {
                continue;
            }
            rows++;
            ObservationInput o = entries.get(i).observation();
            Object[] values = {entries.get(i).listing().id, at(entries.get(i)), o.price(), o.priceHigh(), o.currency(), o.shipping(),
                    o.memberPrice(), o.inStock(), o.availability(), o.sellerName(),
                    o.sellerType() == null ? null : o.sellerType().token(), o.fulfilledByMarketplace(),
                    o.condition() == null ? null : o.condition().token(), o.businessOnly(), o.wording(), o.source(), o.sourceUrl(),
                    o.scrapeRunId(), suspect[i]};
            for (int v = 0; v < values.length; v++) {
                if (v > 0) {
                    csv.append(',');
                }
                csvValue(csv, values[v]);
            }
            csv.append('\n');
        }
        Map<Key, Long> added = new HashMap<>();
        if (rows == 0) {
            return added;
        }
        try (Statement s = c.createStatement()) {
            s.execute("""
                    CREATE TEMP TABLE IF NOT EXISTS observation_batch (
                        listing_id bigint, observed_at timestamptz, price numeric(12, 2), price_high numeric(12, 2), currency text,
                        shipping numeric(12, 2), member_price numeric(12, 2), in_stock boolean, availability text, seller_name text,
                        seller_type text, fulfilled_by_marketplace boolean, condition text, business_only boolean, wording text,
                        source text, source_url text, scrape_run_id bigint, suspect boolean) ON COMMIT DELETE ROWS""");
            s.execute("TRUNCATE observation_batch");
        }
        try {
            c.unwrap(PGConnection.class).getCopyAPI()
                    .copyIn("COPY observation_batch (" + COLUMNS + ") FROM STDIN (FORMAT csv)", new StringReader(csv.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("INSERT INTO price_observation (" + COLUMNS + ") "
                + "SELECT " + COLUMNS + " FROM observation_batch ON CONFLICT ON CONSTRAINT price_observation_listing_time_uq DO NOTHING "
                + "RETURNING id, listing_id, observed_at")) {
            while (rs.next()) {
                added.put(new Key(rs.getLong(2), rs.getObject(3, java.time.OffsetDateTime.class).toInstant()), rs.getLong(1));
            }
        }
        return added;
    }

    /** The observation's instant as PostgreSQL stores it (microseconds). */
    private static Instant at(Entry e) {
        return e.observation().observedAt().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }

    /** An observation's identity in the table (its unique constraint): hashed as two values, not written as text. */
    private record Key(long listing, Instant at) {
    }


    /** A value in PostgreSQL's CSV: NULL unquoted and empty, everything else quoted with inner quotes doubled. */
    private static void csvValue(StringBuilder csv, Object value) {
        if (value == null) {
            return;
        }
        String text = value instanceof BigDecimal d ? d.toPlainString() : value.toString();
        csv.append('"');
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '"') {
                csv.append('"');
            }
            csv.append(ch);
        }
        csv.append('"');
    }
}
