package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The candidate model keeps each drive's chosen offers per offer filter within a snapshot, and each
 * question's field (who passes its filters, with the component values only the filters decide) per
 * field key, so that a new question that only weighs differently neither chooses offers nor filters
 * again. Kept choices and fields must never change an answer: on the seed catalog, every question
 * answers exactly as a ranking that chooses every offer and filters afresh, whatever was asked
 * before it in the same snapshot.
 */
@QuarkusTest
class OfferChoicesKeptTest {

    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @Inject
    CandidateModel model;

    /**
     * Questions whose offer filters differ (condition, seller, currency, price caps, stock, set size),
     * some that share one, and some that share a field but weigh or order differently (write rate,
     * limit, plp=any against plp=preferred, the special vdev's write rate at one data size, a
     * special vdev that takes the ZIL against one that does not).
     */
    static final List<String[]> QUESTIONS = List.of(
            new String[] {"role", "slog"},
            new String[] {"role", "slog", "syncWriteMBps", "3.7"},
            new String[] {"role", "slog", "syncWriteMBps", "0.4", "limit", "3"},
            new String[] {"role", "slog", "condition", "used"},
            new String[] {"role", "slog", "condition", "new"},
            new String[] {"role", "slog", "sellerType", "marketplace"},
            new String[] {"role", "slog", "sellerType", "third-party"},
            new String[] {"role", "slog", "maxPrice", "150"},
            new String[] {"role", "slog", "includeOutOfStock", "true"},
            new String[] {"role", "slog", "includeBusinessOnly", "true"},
            new String[] {"role", "slog", "currency", "EUR"},
            new String[] {"role", "slog", "slogMirror", "true"},
            new String[] {"role", "slog", "plp", "any", "limit", "50"},
            new String[] {"role", "slog", "plp", "preferred", "limit", "50"},
            new String[] {"role", "special", "layout", "raidz2"},
            new String[] {"role", "special", "layout", "raidz3", "dataTib", "40"},
            new String[] {"role", "special", "layout", "raidz3", "dataTib", "40", "syncWriteMBps", "20"},
            new String[] {"role", "special", "layout", "raidz3", "dataTib", "400"},
            new String[] {"role", "special", "layout", "raidz2", "maxSetPrice", "600"},
            new String[] {"role", "special", "layout", "mirror", "width", "2", "condition", "used"},
            new String[] {"role", "special", "interface", "sata", "layout", "raidz2"},
            new String[] {"role", "special", "layout", "raidz2", "hasSlog", "true"},
            new String[] {"role", "special", "layout", "raidz2", "openzfsVersion", "2.3.4"});

    @Test
    void keptOfferChoicesAndFieldsAnswerExactlyAsRankingAfreshWhateverWasAskedBefore() {
        CandidateModel.Snapshot snapshot = model.current();
        Ranker ranker = new Ranker();
        List<RecommendQuery> queries = QUESTIONS.stream().map(RankingModelTest::query).toList();
        List<Recommendation> fresh = new ArrayList<>();
        for (RecommendQuery q : queries) {
            fresh.add(ranker.rank(q, snapshot.matching(q.interfaces(), q.buses()), NOW));
        }
        // forwards, then backwards: each filter's choices are first made by one question and then reused by others
        for (int round = 0; round < 2; round++) {
            for (int k = 0; k < queries.size(); k++) {
                int i = round == 0 ? k : queries.size() - 1 - k;
                assertThat(snapshot.rank(ranker, queries.get(i), NOW)).as("answer to %s", asked(QUESTIONS.get(i)))
                        .isEqualTo(fresh.get(i));
            }
        }
        // the filters matter on this catalog, so a choice kept for the wrong filter would have shown above
        assertThat(offers(fresh.get(3))).as("condition=used against any condition").isNotEqualTo(offers(fresh.get(0)));
        assertThat(offers(fresh.get(7))).as("maxPrice=150 against no cap").isNotEqualTo(offers(fresh.get(0)));
        assertThat(fresh.get(0).results()).as("a question differing in the write rate alone").isNotEqualTo(fresh.get(1).results());
        // and questions sharing a field differ in what the field does not decide
        assertThat(fresh.get(2).results()).as("limit=3").hasSize(3);
        assertThat(fresh.get(13).notes()).as("plp=preferred says what it keeps").anyMatch(r -> r.contains("plp=preferred"));
        assertThat(fresh.get(12).notes()).as("plp=any, the same field").noneMatch(r -> r.contains("plp=preferred"));
        assertThat(fresh.get(16).results()).as("a special vdev's write rate at one data size").isNotEqualTo(fresh.get(15).results());
        assertThat(fresh.get(17).filteredOut()).as("a larger pool needs a larger special vdev").isNotEqualTo(fresh.get(15).filteredOut());
        assertThat(fresh.get(21).model().weights()).as("a special vdev beside a SLOG weighs its flush differently")
                .isNotEqualTo(fresh.get(14).model().weights());
        assertThat(fresh.get(22).model().weights()).as("before OpenZFS 2.4 the special vdev takes no ZIL")
                .isEqualTo(fresh.get(21).model().weights());
        assertThat(fresh.get(21).results()).as("the same field, other weights").isNotEqualTo(fresh.get(14).results());
    }

    private static String asked(String[] pairs) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            s.append(i == 0 ? "" : "&").append(pairs[i]).append('=').append(pairs[i + 1]);
        }
        return s.toString();
    }

    private static List<String> offers(Recommendation r) {
        return r.results().stream().map(res -> res.drive().slug() + " " + res.bestOffer()).toList();
    }
}
