package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading every current offer is a scan of one row per listing, whatever the length of the price
 * history: the statement the ranking runs never touches price_observation, so no plan can flip to
 * reading the history's index (it did: a merge join over ten million rows). Pinned on the plan's
 * shape on a generated catalog, not on its speed. The catalog is generated, analysed and explained in
 * one transaction that is rolled back, so the other tests of the profile never see it.
 */
@QuarkusTest
class CurrentOfferPlanTest {

    @Test
    void theCurrentOfferStatementNeverReadsThePriceHistory() throws Exception {
        try (Connection c = Sql.quarkusDatasource().connect()) {
            c.setAutoCommit(false);
            try {
                explainOnAGeneratedCatalog(c);
            } finally {
                c.rollback();
            }
        }
    }

    private static void explainOnAGeneratedCatalog(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("""
                    INSERT INTO drive (slug, vendor, model, capacity_gb, interface, form_factor, media)
                    SELECT 'plan-' || i, 'Plan', 'Plan ' || i, 480, 'nvme', 'm2-2280', 'tlc' FROM generate_series(1, 500) i""");
            s.execute("""
                    INSERT INTO listing (marketplace_id, external_id, drive_id)
                    SELECT m.id, 'plan-' || d.id || '-' || k, d.id
                      FROM drive d CROSS JOIN generate_series(1, 10) k JOIN marketplace m ON m.code = 'amazon-us'
                     WHERE d.slug LIKE 'plan-%'""");
            s.execute("""
                    INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, source)
                    SELECT l.id, timestamptz '2026-11-01' - n * interval '1 day', 100 + n, 'USD', true, 'plan'
                      FROM listing l CROSS JOIN generate_series(0, 39) n WHERE l.external_id LIKE 'plan-%'""");
            s.execute("ANALYZE");
            long observations;
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM price_observation")) {
                rs.next();
                observations = rs.getLong(1);
            }
            assertThat(observations).isGreaterThanOrEqualTo(200_000);
            for (String where : List.of("", " WHERE d.id = ANY('{1,2,3}'::bigint[])")) {
                JsonNode plan;
                try (ResultSet rs = s.executeQuery("EXPLAIN (FORMAT JSON) " + RankingRepository.offersSql(where))) {
                    rs.next();
                    plan = new ObjectMapper().readTree(rs.getString(1)).get(0).get("Plan");
                }
                List<String> relations = new ArrayList<>();
                collect(plan, relations);
                assertThat(relations).as("tables read by the current-offer statement" + where)
                        .contains("current_offer", "listing").doesNotContain("price_observation");
            }
        }
    }

    private static void collect(JsonNode node, List<String> relations) {
        if (node.has("Relation Name")) {
            relations.add(node.get("Relation Name").asText());
        }
        for (JsonNode child : node.path("Plans")) {
            collect(child, relations);
        }
    }
}
