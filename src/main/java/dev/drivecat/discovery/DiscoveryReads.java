package dev.drivecat.discovery;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.common.DomainException;
import dev.drivecat.database.Columns;
import dev.drivecat.database.Where;
import dev.drivecat.discovery.DiscoveryViews.CandidateView;
import dev.drivecat.discovery.DiscoveryViews.Overview;
import dev.drivecat.discovery.DiscoveryViews.QueryView;
import dev.drivecat.discovery.DiscoveryViews.ResultPage;
import dev.drivecat.discovery.DiscoveryViews.ResultView;
import dev.drivecat.discovery.DiscoveryViews.RunSummary;
import dev.drivecat.discovery.DiscoveryViews.RunView;
import dev.drivecat.discovery.DiscoveryViews.SourceView;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Discovery's read side: runs with their queries, and results, read from the tables as the API shows them. */
@ApplicationScoped
public class DiscoveryReads {

    private static final String RESULT_SELECT = """
            SELECT r.*, m.code AS marketplace, d.slug AS drive, run.source, q.query, CAST(r.candidates AS text) AS candidates_json
              FROM discovery_result r JOIN marketplace m ON m.id = r.marketplace_id JOIN discovery_run run ON run.id = r.run_id
              JOIN discovery_query q ON q.id = r.query_id LEFT JOIN drive d ON d.id = r.drive_id""";

    @Inject
    EntityManager em;

    @Inject
    ObjectMapper json;

    /** The sources as given, and a page of the runs (of one source, when {@code source} is not null), newest first. */
    public Overview overview(List<SourceView> sources, String source, int limit, int offset) {
        Where where = source == null ? new Where() : new Where().and("source = :source", "source", source);
        return QuarkusTransaction.requiringNew().call(() -> {
            Query page = where.bind(em.createNativeQuery("SELECT * FROM discovery_run" + where.sql()
                    + " ORDER BY started_at DESC, id DESC LIMIT :limit OFFSET :offset", Tuple.class))
                    .setParameter("limit", limit).setParameter("offset", offset);
            Query count = where.bind(em.createNativeQuery("SELECT count(*) FROM discovery_run" + where.sql()));
            @SuppressWarnings("unchecked")
            List<Tuple> rows = page.getResultList();
            return new Overview(sources, rows.stream().map(DiscoveryReads::summary).toList(), ((Number) count.getSingleResult()).longValue(),
                    limit, offset);
        });
    }

    /** The newest run of a source, or null when it has none. */
    public RunSummary lastRun(String source) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Tuple> rows = em.createNativeQuery("SELECT * FROM discovery_run WHERE source = :s ORDER BY started_at DESC, id DESC LIMIT 1",
                    Tuple.class).setParameter("s", source).getResultList();
            return rows.isEmpty() ? null : summary(rows.get(0));
        });
    }

    /** A run and its queries; not found when there is no such run. */
    public RunView run(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Tuple> runs = em.createNativeQuery("SELECT * FROM discovery_run WHERE id = :id", Tuple.class).setParameter("id", id)
                    .getResultList();
            if (runs.isEmpty()) {
                throw DomainException.notFound("No discovery run " + id);
            }
            @SuppressWarnings("unchecked")
            List<Tuple> queries = em.createNativeQuery("SELECT * FROM discovery_query WHERE run_id = :id ORDER BY id", Tuple.class)
                    .setParameter("id", id).getResultList();
            return new RunView(summary(runs.get(0)), queries.stream().map(q -> new QueryView((String) q.get("query"),
                    List.of((String[]) q.get("drives")), (Boolean) q.get("sweep"), (String) q.get("outcome"), (String) q.get("layout"), num(q, "pages"), num(q, "results"),
                    num(q, "matched"), num(q, "ambiguous"), num(q, "rejected"), (String) q.get("reason"))).toList());
        });
    }

    /** A page of results, newest first, of one run, review state and decision where each is not null. */
    public ResultPage results(Long run, String reviewState, String decision, int limit, int offset) {
        Where where = new Where();
        if (run != null) {
            where.and("r.run_id = :run", "run", run);
        }
        if (reviewState != null) {
            where.and("r.review = :review", "review", reviewState);
        }
        if (decision != null) {
            where.and("r.decision = :decision", "decision", decision);
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            Query page = where.bind(em.createNativeQuery(RESULT_SELECT + where.sql()
                    + " ORDER BY r.seen_at DESC, r.id DESC LIMIT :limit OFFSET :offset", Tuple.class))
                    .setParameter("limit", limit).setParameter("offset", offset);
            Query count = where.bind(em.createNativeQuery("SELECT count(*) FROM discovery_result r" + where.sql()));
            @SuppressWarnings("unchecked")
            List<Tuple> rows = page.getResultList();
            return new ResultPage(rows.stream().map(this::resultView).toList(), ((Number) count.getSingleResult()).longValue(), limit, offset);
        });
    }

    /** One result; not found when there is no such result. */
    public ResultView result(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Tuple> rows = em.createNativeQuery(RESULT_SELECT + " WHERE r.id = :id", Tuple.class).setParameter("id", id).getResultList();
            if (rows.isEmpty()) {
                throw DomainException.notFound("No discovery result " + id);
            }
            return resultView(rows.get(0));
        });
    }

    private ResultView resultView(Tuple t) {
        List<CandidateView> candidates;
        try {
            List<Map<String, String>> raw = json.readValue((String) t.get("candidates_json"), new TypeReference<>() { });
            candidates = raw.stream().map(c -> new CandidateView(c.get("slug"), c.get("why"))).toList();
        } catch (java.io.IOException e) {
            candidates = List.of();
        }
        return new ResultView(((Number) t.get("id")).longValue(), ((Number) t.get("run_id")).longValue(), (String) t.get("source"),
                (String) t.get("query"), (String) t.get("marketplace"), (String) t.get("external_id"), (String) t.get("url"),
                (String) t.get("title"), (BigDecimal) t.get("price"), (String) t.get("currency"), (BigDecimal) t.get("shipping"),
                (String) t.get("condition"), (String) t.get("condition_wording"), (String) t.get("seller_name"),
                t.get("seller_feedback_score") == null ? null : num(t, "seller_feedback_score"), (BigDecimal) t.get("seller_feedback_percent"),
                (String) t.get("buying_options"), Columns.instant(t.get("ends_at")), (String) t.get("location"),
                (Boolean) t.get("sponsored"), (Boolean) t.get("variations"), (String) t.get("decision"), (String) t.get("drive"), candidates,
                (String) t.get("evidence"), (String) t.get("review"), (String) t.get("review_note"), Columns.instant(t.get("reviewed_at")),
                t.get("observation_id") != null, (String) t.get("not_priced"), Columns.instant(t.get("seen_at")));
    }

    private static RunSummary summary(Tuple t) {
        return new RunSummary(((Number) t.get("id")).longValue(), (String) t.get("source"), (String) t.get("trigger"), (String) t.get("status"),
                Columns.instant(t.get("started_at")), Columns.instant(t.get("finished_at")), num(t, "queries"),
                num(t, "failed_queries"), num(t, "results"), num(t, "matched"), num(t, "ambiguous"), num(t, "rejected"), num(t, "priced"), num(t, "proposed"),
                num(t, "listings_ended"), num(t, "api_calls"), (String) t.get("reason"));
    }

    private static int num(Tuple t, String column) {
        return ((Number) t.get(column)).intValue();
    }
}
