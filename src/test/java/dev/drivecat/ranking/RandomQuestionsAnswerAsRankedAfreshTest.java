package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import io.quarkus.arc.ClientProxy;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What /recommend serves goes through three shortcuts: offer choices and fields kept per snapshot
 * ({@link CandidateModel.Snapshot#rank}), computed answers cached per question and catalog version,
 * and answer parts copied as JSON the snapshot wrote once ({@code Kept}). None may change an answer.
 * Here questions drawn at random from the whole parameter space (both roles, every filter, pool
 * layouts and sizes), each asked twice in a shuffled order, must be served byte for byte as the
 * mapper writes a ranking made afresh from the same snapshot at the same instant. The fixed
 * questions of {@link OfferChoicesKeptTest} pin the known interactions; these look for unknown ones.
 */
@QuarkusTest
class RandomQuestionsAnswerAsRankedAfreshTest {

    static final Instant NOW = Instant.parse("2026-11-02T12:00:00Z");
    static final int QUESTIONS = 400;
    /** Variants drawn of each random question. */
    static final int VARIANTS = 7;

    @Inject
    CandidateModel model;

    @Inject
    RecommendationService injected;

    @Inject
    ObjectMapper mapper;

    @Test
    void randomQuestionsInAnyOrderAreServedExactlyAsARankingMadeAfresh() throws Exception {
        Random random = new Random(20261203L);
        List<RecommendQuery> queries = new ArrayList<>();
        int refused = 0;
        for (Map<String, List<String>> question : questions(random, QUESTIONS)) {
            // a write rate no other test asks for (any drawn one is such a rate too), so that no answer another test
            // had cached, made at another instant, is served
            question.putIfAbsent("syncWriteMBps", List.of("17.213"));
            try {
                RecommendQuery q = new RecommendParams(question).parse("USD", 100);
                if (!queries.contains(q)) {
                    queries.add(q);
                }
            } catch (DomainException e) {
                refused++; // a combination the API refuses (e.g. too few disks for the layout): not a question
            }
        }

        RecommendationService service = ClientProxy.unwrap(injected);
        Clock before = service.clock;
        service.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        try {
            CandidateModel.Snapshot snapshot = model.current();
            Ranker fresh = new Ranker();
            Map<RecommendQuery, String> expected = new LinkedHashMap<>();
            for (RecommendQuery q : queries) {
                Recommendation answer = fresh.rank(q, snapshot.matching(q.interfaces(), q.buses()), NOW)
                        .withCatalog(snapshot.version(), snapshot.readAt());
                expected.put(q, new String(mapper.writeValueAsBytes(answer), StandardCharsets.UTF_8));
            }
            List<RecommendQuery> asked = new ArrayList<>(queries);
            asked.addAll(queries);
            Collections.shuffle(asked, random);
            for (RecommendQuery q : asked) {
                assertThat(Answers.readAtMasked(new String(service.recommend(q), StandardCharsets.UTF_8))).as("answer to %s", q)
                        .isEqualTo(Answers.readAtMasked(expected.get(q)));
            }
            // a refresh that finds nothing new (the watcher's, on connecting) makes a snapshot of the same drives read at
            // another instant; anything else would have changed the catalog under the comparison
            assertThat(model.current().version()).as("the catalog's version while the questions were asked").isEqualTo(snapshot.version());
            assertThat(model.current().profiles()).as("the catalog's drives while the questions were asked").isSameAs(snapshot.profiles());

            // the draw reached what the shortcuts share and what they must tell apart
            Set<Field.Key> fields = new HashSet<>();
            queries.forEach(q -> fields.add(Field.Key.of(q, Field.Sizing.of(q))));
            assertThat(queries.size() - fields.size()).as("questions answered from a field another question made (of %d)", queries.size())
                    .isGreaterThan(queries.size() / 10);
            assertThat(queries).anyMatch(RecommendQuery::isSlog).anyMatch(q -> !q.isSlog());
            assertThat(expected.values()).as("answers that rank drives").filteredOn(json -> json.contains("\"slug\"")).hasSizeGreaterThan(queries.size() / 2);
            assertThat(new HashSet<>(expected.values())).as("distinct answers").hasSizeGreaterThan(queries.size() / 2);
            assertThat(queries.size()).as("questions asked (%d drawn were refused by the API)", refused).isGreaterThan(QUESTIONS / 2);
        } finally {
            service.clock = before;
        }
    }

    /**
     * Questions in families: a question drawn at random, then variants of it that draw one or two
     * of its parameters again. Variants that differ only in what a kept field does not decide (plp
     * between any and preferred, the limit, the write rate, the price age) share its field; variants
     * that differ in one thing it does decide must not.
     */
    private static List<Map<String, List<String>>> questions(Random r, int count) {
        List<Map<String, List<String>>> all = new ArrayList<>();
        while (all.size() < count) {
            boolean slog = r.nextBoolean();
            Map<String, List<String>> base = new LinkedHashMap<>();
            base.put("role", List.of(slog ? "slog" : "special"));
            Map<String, Supplier<List<String>>> dims = dimensions(r, slog);
            dims.forEach((name, draw) -> {
                if (r.nextBoolean()) {
                    base.put(name, draw.get());
                }
            });
            all.add(base);
            List<String> names = new ArrayList<>(dims.keySet());
            for (int v = 0; v < VARIANTS && all.size() < count; v++) {
                Map<String, List<String>> variant = new LinkedHashMap<>(base);
                for (int k = 1 + r.nextInt(2); k > 0; k--) {
                    String name = pick(r, names);
                    if (r.nextInt(3) == 0) {
                        variant.remove(name);
                    } else {
                        variant.put(name, dims.get(name).get());
                    }
                }
                all.add(variant);
            }
        }
        return all;
    }

    /** Each parameter a question may carry, with a draw of a value the API accepts. */
    private static Map<String, Supplier<List<String>>> dimensions(Random r, boolean slog) {
        Map<String, Supplier<List<String>>> d = new LinkedHashMap<>();
        d.put("interface", () -> some(r, ApiToken.tokens(InterfaceFilter.class), 2));
        d.put("bus", () -> List.of(pick(r, ApiToken.tokens(Interface.class))));
        d.put("plp", () -> List.of(pick(r, List.of("required", "preferred", "any"))));
        d.put("condition", () -> some(r, ApiToken.tokens(Condition.class), 2));
        d.put("sellerType", () -> some(r, ApiToken.tokens(SellerType.class), 1));
        d.put("includeBusinessOnly", () -> List.of(String.valueOf(r.nextBoolean())));
        d.put("includeOutOfStock", () -> List.of(String.valueOf(r.nextBoolean())));
        d.put("maxPrice", () -> List.of(pick(r, List.of("60", "150", "400", "1000"))));
        d.put("currency", () -> List.of(pick(r, List.of("USD", "EUR", "GBP"))));
        d.put("limit", () -> List.of(pick(r, List.of("1", "3", "10", "50"))));
        d.put("syncWriteMBps", () -> List.of(pick(r, List.of("0.437", "3.719", "17.213", "121.9"))));
        d.put("maxPriceAgeDays", () -> List.of(pick(r, List.of("1", "14", "30"))));
        if (slog) {
            d.put("slogMirror", () -> List.of(String.valueOf(r.nextBoolean())));
        } else {
            d.put("layout", () -> List.of(pick(r, List.of("mirror", "raidz1", "raidz2", "raidz3"))));
            d.put("width", () -> List.of(pick(r, List.of("2", "3", "6", "8"))));
            d.put("dataVdevs", () -> List.of(pick(r, List.of("1", "2"))));
            d.put("dataTib", () -> List.of(pick(r, List.of("4", "40", "400"))));
            d.put("diskTb", () -> List.of(pick(r, List.of("4", "18"))));
            d.put("smallBlockDataGib", () -> List.of(pick(r, List.of("50", "2000"))));
            d.put("recordsize", () -> List.of(pick(r, List.of("16K", "128K", "1M"))));
            d.put("smallBlocks", () -> List.of(pick(r, List.of("0", "8K", "32K"))));
            d.put("fileCount", () -> List.of(pick(r, List.of("100000", "50000000"))));
            d.put("hasSlog", () -> List.of(String.valueOf(r.nextBoolean())));
            d.put("openzfsVersion", () -> List.of(pick(r, List.of("2.2", "2.3.4", "2.4"))));
            d.put("maxSetPrice", () -> List.of(pick(r, List.of("300", "900", "3000"))));
        }
        return d;
    }

    private static String pick(Random r, List<String> values) {
        return values.get(r.nextInt(values.size()));
    }

    /** One to {@code most} distinct values. */
    private static List<String> some(Random r, List<String> values, int most) {
        List<String> shuffled = new ArrayList<>(values);
        Collections.shuffle(shuffled, r);
        return List.copyOf(shuffled.subList(0, 1 + r.nextInt(Math.min(most, shuffled.size()))));
    }
}
