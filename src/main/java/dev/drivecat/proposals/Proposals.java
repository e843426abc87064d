package dev.drivecat.proposals;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.database.Columns;
import dev.drivecat.database.Where;
import dev.drivecat.identity.ProposedDrive;
import dev.drivecat.identity.StatedForm;
import dev.drivecat.proposals.ProposalViews.ProposalPage;
import dev.drivecat.proposals.ProposalViews.ProposalView;
import dev.drivecat.proposals.ProposalViews.ResultView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The proposals: drives the market sells that the catalog lacks, each with the listings that name
 * it. The one writer of {@code proposal} and {@code proposal_result}: evidence is recorded in the
 * transaction of the discovery result that brought it; an operator dismisses a proposal, and
 * adoption marks it adopted with its drive.
 */
@ApplicationScoped
public class Proposals {

    /** Listings shown with each proposal of a list; a single proposal shows up to {@link #RESULTS_OF_ONE}. */
    static final int RESULTS_IN_A_LIST = 10;
    static final int RESULTS_OF_ONE = 200;

    @Inject
    EntityManager em;

    Clock clock = Clock.systemUTC();

    /** How a list is ordered: the newest evidence first (the API), or the most listings first (the operator's page). */
    public enum Order { NEWEST_EVIDENCE, MOST_LISTINGS }

    /**
     * Records a discovery result that names a drive the catalog lacks as evidence for that drive's
     * proposal, made when it is the first; in the caller's transaction. Returns the proposal's id.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public long record(ProposedDrive d, long marketplaceId, String externalId, long discoveryResultId, Instant seenAt) {
        long id = ((Number) em.createNativeQuery("""
                INSERT INTO proposal (maker, maker_name, model, model_key, capacity_gb, form, interface, known_series, first_seen, last_seen)
                VALUES (:maker, :makerName, :model, :key, :gb, :form, :iface, :known, :seen, :seen)
                ON CONFLICT ON CONSTRAINT proposal_drive_uq DO UPDATE SET last_seen = greatest(proposal.last_seen, EXCLUDED.last_seen),
                       first_seen = least(proposal.first_seen, EXCLUDED.first_seen)
                RETURNING id""")
                .setParameter("maker", d.maker()).setParameter("makerName", d.makerName()).setParameter("model", d.model())
                .setParameter("key", d.modelKey()).setParameter("gb", d.capacityGb())
                .setParameter("form", d.form() == null ? null : d.form().token()).setParameter("iface", d.bus() == null ? null : d.bus().token())
                .setParameter("known", d.knownSeries()).setParameter("seen", seenAt).getSingleResult()).longValue();
        em.createNativeQuery("""
                INSERT INTO proposal_result (proposal_id, marketplace_id, external_id, discovery_result_id, part_numbers, first_seen, seen_at)
                VALUES (:proposal, :marketplace, :external, :result, CAST(:pns AS text[]), :seen, :seen)
                ON CONFLICT ON CONSTRAINT proposal_result_listing_uq DO UPDATE SET
                       discovery_result_id = CASE WHEN EXCLUDED.seen_at >= proposal_result.seen_at THEN EXCLUDED.discovery_result_id
                                                  ELSE proposal_result.discovery_result_id END,
                       seen_at = greatest(proposal_result.seen_at, EXCLUDED.seen_at),
                       first_seen = least(proposal_result.first_seen, EXCLUDED.first_seen),
                       times_seen = proposal_result.times_seen + 1,
                       part_numbers = ARRAY(SELECT DISTINCT x FROM unnest(proposal_result.part_numbers || EXCLUDED.part_numbers) x ORDER BY x)""")
                .setParameter("proposal", id).setParameter("marketplace", marketplaceId).setParameter("external", externalId)
                .setParameter("result", discoveryResultId).setParameter("pns", d.partNumbers().toArray(String[]::new))
                .setParameter("seen", seenAt).executeUpdate();
        return id;
    }

    /** Dismisses an open proposal for a reason; it stays dismissed whatever evidence comes later. */
    @Transactional
    public ProposalView dismiss(long id, String reason) {
        if (reason == null || reason.isBlank()) {
            throw DomainException.invalidBody("A dismissal needs its reason, in words: {\"reason\": \"a consumer drive without "
                    + "power-loss protection\"}").with("pointer", "/reason");
        }
        ProposalStatus status = status(id);
        if (status != ProposalStatus.OPEN) {
            throw DomainException.conflict("Proposal " + id + " is " + status + ", not OPEN: only an open proposal can be dismissed")
                    .with("proposalStatus", status.name());
        }
        int dismissed = em.createNativeQuery("""
                UPDATE proposal SET status = 'DISMISSED', status_reason = :reason, status_at = :now WHERE id = :id AND status = 'OPEN'""")
                .setParameter("reason", Text.singleLine(reason.strip())).setParameter("now", clock.instant())
                .setParameter("id", id).executeUpdate();
        if (dismissed == 0) {
            throw DomainException.conflict("Proposal " + id + " is no longer OPEN: it was adopted or dismissed meanwhile");
        }
        return one(id);
    }

    /**
     * Holds an open proposal for the caller's transaction (another adoption or dismissal of it waits
     * for the transaction's end); a 409 when it is not open.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lockOpen(long id) {
        ProposalStatus status = statusOf(id, " FOR UPDATE");
        if (status != ProposalStatus.OPEN) {
            throw DomainException.conflict("Proposal " + id + " is " + status + ": it was adopted or dismissed meanwhile; nothing was stored")
                    .with("proposalStatus", status.name());
        }
    }

    /** Marks an open proposal adopted as a catalog drive, in the caller's transaction, naming the page that adopted it. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void adopted(long id, long driveId, String sourceUrl) {
        int adopted = em.createNativeQuery("""
                UPDATE proposal SET status = 'ADOPTED', drive_id = :drive, status_reason = :reason, status_at = :now
                 WHERE id = :id AND status = 'OPEN'""")
                .setParameter("drive", driveId).setParameter("reason", "adopted from " + sourceUrl).setParameter("now", clock.instant())
                .setParameter("id", id).executeUpdate();
        if (adopted == 0) {
            throw DomainException.conflict("Proposal " + id + " is no longer OPEN: it was adopted or dismissed meanwhile; nothing was stored");
        }
    }

    /**
     * Adopts, with an adopted proposal's drive, the open proposals of the same drive that state
     * less of its form or bus (a 2.5" drive of no bus beside the U.2 one), in the caller's
     * transaction; returns their ids.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<Long> adoptSiblings(long id, long driveId, FormFactor formFactor, Interface iface) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT s.id, s.form, s.interface FROM proposal p JOIN proposal s ON s.maker = p.maker AND s.model_key = p.model_key
                       AND s.capacity_gb = p.capacity_gb AND s.id <> p.id AND s.status = 'OPEN'
                 WHERE p.id = :id FOR UPDATE OF s""", Tuple.class).setParameter("id", id).getResultList();
        List<Long> adopted = new ArrayList<>();
        for (Tuple t : rows) {
            StatedForm form = t.get("form") == null ? null : ApiToken.parse(StatedForm.class, (String) t.get("form")).orElseThrow();
            Interface bus = t.get("interface") == null ? null : ApiToken.parse(Interface.class, (String) t.get("interface")).orElseThrow();
            if ((form == null || form.allows(formFactor)) && (bus == null || bus == iface)) {
                long sibling = ((Number) t.get("id")).longValue();
                em.createNativeQuery("""
                        UPDATE proposal SET status = 'ADOPTED', drive_id = :drive, status_reason = :reason, status_at = :now WHERE id = :id""")
                        .setParameter("drive", driveId).setParameter("reason", "adopted with proposal " + id).setParameter("now", clock.instant())
                        .setParameter("id", sibling).executeUpdate();
                adopted.add(sibling);
            }
        }
        return adopted;
    }

    /** A proposal's status; not found when there is none. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ProposalStatus status(long id) {
        return statusOf(id, "");
    }

    private ProposalStatus statusOf(long id, String lock) {
        @SuppressWarnings("unchecked")
        List<String> rows = em.createNativeQuery("SELECT status FROM proposal WHERE id = :id" + lock).setParameter("id", id).getResultList();
        if (rows.isEmpty()) {
            throw DomainException.notFound("No proposal " + id);
        }
        return ProposalStatus.valueOf(rows.get(0));
    }

    /** The discovery results of a proposal's listings (the latest of each), oldest first. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Long> discoveryResults(long id) {
        @SuppressWarnings("unchecked")
        List<Number> ids = em.createNativeQuery("SELECT discovery_result_id FROM proposal_result WHERE proposal_id = :id ORDER BY seen_at, id")
                .setParameter("id", id).getResultList();
        return ids.stream().map(Number::longValue).toList();
    }

    /** One proposal with up to {@link #RESULTS_OF_ONE} listings; not found when there is none. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ProposalView one(long id) {
        List<ProposalView> found = read(new Where().and("p.id = :id", "id", id), Order.NEWEST_EVIDENCE, 1, RESULTS_OF_ONE);
        if (found.isEmpty()) {
            throw DomainException.notFound("No proposal " + id);
        }
        return found.get(0);
    }

    /**
     * A page of proposals.
     *
     * @param status only proposals of this status
     * @param maker only this maker's (as identity names makers: "Solidigm" finds Intel's), or null
     * @param q words the model, the maker, a part number or a listing's title contains, or null
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ProposalPage list(ProposalStatus status, String maker, String q, int limit, Order order) {
        Where where = new Where().and("p.status = :status", "status", status.name());
        if (maker != null) {
            where.and("p.maker = :maker", "maker", ProposedDrive.makerNamed(maker));
        }
        if (q != null) {
            String like = "%" + q.toLowerCase(Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
            where.and("""
                    (lower(p.model) LIKE :q OR lower(p.maker_name) LIKE :q OR EXISTS (SELECT 1 FROM proposal_result q1
                      JOIN discovery_result q2 ON q2.id = q1.discovery_result_id
                     WHERE q1.proposal_id = p.id AND (lower(q2.title) LIKE :q OR :pn = ANY (q1.part_numbers))))""", "q", like);
            where.params().put("pn", q.strip().toUpperCase(Locale.ROOT));
        }
        List<ProposalView> items = read(where, order, limit, RESULTS_IN_A_LIST);
        Query count = where.bind(em.createNativeQuery("SELECT count(*) FROM proposal p" + where.sql()));
        return new ProposalPage(items, ((Number) count.getSingleResult()).longValue(), limit);
    }

    private List<ProposalView> read(Where where, Order order, int limit, int resultsEach) {
        String orderBy = switch (order) {
            case NEWEST_EVIDENCE -> "p.last_seen DESC, p.id DESC";
            case MOST_LISTINGS -> "s.listings DESC, p.last_seen DESC, p.id DESC";
        };
        @SuppressWarnings("unchecked")
        List<Tuple> rows = where.bind(em.createNativeQuery("""
                SELECT p.*, d.slug AS drive, s.listings, s.sellers, s.currency, pr.low, pr.high,
                       ARRAY(SELECT DISTINCT x FROM proposal_result r3, unnest(r3.part_numbers) x WHERE r3.proposal_id = p.id ORDER BY x)
                           AS all_part_numbers
                  FROM proposal p LEFT JOIN drive d ON d.id = p.drive_id
                  CROSS JOIN LATERAL (
                       SELECT count(*) AS listings, count(DISTINCT r.seller_name) AS sellers,
                              mode() WITHIN GROUP (ORDER BY r.currency) FILTER (WHERE r.price IS NOT NULL AND NOT r.auction_only) AS currency
                         FROM proposal_result x JOIN discovery_result r ON r.id = x.discovery_result_id WHERE x.proposal_id = p.id) s
                  CROSS JOIN LATERAL (
                       SELECT min(r.price) AS low, max(r.price) AS high
                         FROM proposal_result x JOIN discovery_result r ON r.id = x.discovery_result_id
                        WHERE x.proposal_id = p.id AND r.price IS NOT NULL AND NOT r.auction_only AND r.currency = s.currency) pr"""
                + where.sql() + " ORDER BY " + orderBy + " LIMIT :limit", Tuple.class)).setParameter("limit", limit).getResultList();
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Long> ids = rows.stream().map(t -> ((Number) t.get("id")).longValue()).toList();
        Map<Long, List<ResultView>> results = results(ids, resultsEach);
        List<ProposalView> out = new ArrayList<>();
        for (Tuple t : rows) {
            long id = ((Number) t.get("id")).longValue();
            String[] pns = (String[]) t.get("all_part_numbers");
            out.add(new ProposalView(id, (String) t.get("maker_name"), (String) t.get("model"), (String) t.get("model_key"),
                    ((Number) t.get("capacity_gb")).intValue(),
                    t.get("form") == null ? null : ApiToken.parse(StatedForm.class, (String) t.get("form")).orElseThrow(),
                    t.get("interface") == null ? null : ApiToken.parse(Interface.class, (String) t.get("interface")).orElseThrow(),
                    (Boolean) t.get("known_series"), pns == null ? List.of() : List.of(pns), ((Number) t.get("listings")).intValue(),
                    ((Number) t.get("sellers")).intValue(), (BigDecimal) t.get("low"), (BigDecimal) t.get("high"), (String) t.get("currency"),
                    Columns.instant(t.get("first_seen")), Columns.instant(t.get("last_seen")), ProposalStatus.valueOf((String) t.get("status")),
                    (String) t.get("status_reason"), Columns.instant(t.get("status_at")), (String) t.get("drive"),
                    results.getOrDefault(id, List.of())));
        }
        return out;
    }

    private Map<Long, List<ResultView>> results(List<Long> proposals, int each) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT * FROM (
                    SELECT x.proposal_id, r.id AS result_id, r.title, r.url, run.source, m.code AS marketplace, r.external_id, r.price,
                           r.currency, r.condition, r.seller_name, x.seen_at,
                           row_number() OVER (PARTITION BY x.proposal_id ORDER BY x.seen_at DESC, x.id DESC) AS n
                      FROM proposal_result x JOIN discovery_result r ON r.id = x.discovery_result_id
                      JOIN discovery_run run ON run.id = r.run_id JOIN marketplace m ON m.id = x.marketplace_id
                     WHERE x.proposal_id IN (:ids)) ranked
                 WHERE n <= :each ORDER BY proposal_id, n""", Tuple.class).setParameter("ids", proposals).setParameter("each", each)
                .getResultList();
        Map<Long, List<ResultView>> out = new LinkedHashMap<>();
        for (Tuple t : rows) {
            out.computeIfAbsent(((Number) t.get("proposal_id")).longValue(), k -> new ArrayList<>()).add(new ResultView((String) t.get("title"),
                    (String) t.get("url"), (String) t.get("source"), (String) t.get("marketplace"), (String) t.get("external_id"),
                    (BigDecimal) t.get("price"), (String) t.get("currency"), (String) t.get("condition"), (String) t.get("seller_name"),
                    Columns.instant(t.get("seen_at")), ((Number) t.get("result_id")).longValue()));
        }
        return out;
    }
}
