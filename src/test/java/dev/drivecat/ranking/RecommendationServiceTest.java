package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.common.JsonBytes;
import io.quarkus.arc.ClientProxy;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The answer bytes /recommend serves are the answer object as the mapper writes it, whatever the
 * sizes of the answers written before on the same thread ({@link JsonBytes}: each thread writes
 * into a buffer it keeps, and drops it after an answer longer than it).
 */
@QuarkusTest
class RecommendationServiceTest {

    @Inject
    RecommendationService injected;

    @Inject
    ObjectMapper mapper;

    private static RecommendQuery query(String limit, String syncWriteMBps) {
        // a write rate no other test asks for, so no cached answer from another test is served
        return new RecommendParams(Map.of("role", List.of("slog"), "plp", List.of("any"), "includeOutOfStock", List.of("true"),
                "limit", List.of(limit), "syncWriteMBps", List.of(syncWriteMBps))).parse("USD", 100);
    }

    @Test
    void longAndShortAnswersInTurnAreEachWrittenWholeAndAlike() throws Exception {
        // the bean itself: fields set on its client proxy would not reach it
        RecommendationService service = ClientProxy.unwrap(injected);
        Clock before = service.clock;
        JsonBytes json = service.json;
        service.clock = Clock.fixed(Instant.parse("2026-11-02T12:00:00Z"), ZoneOffset.UTC);
        service.json = new JsonBytes(16 * 1024); // the seed catalog's answers are up to about 40 KB
        try {
            List<RecommendQuery> queries = List.of(query("50", "17.125"), query("1", "17.25"), query("50", "17.375"),
                    query("2", "17.5"), query("1", "17.625"));
            int longest = 0;
            for (RecommendQuery q : queries) {
                byte[] served = service.recommend(q);
                byte[] written = mapper.writeValueAsBytes(service.recommendation(q));
                assertThat(Answers.readAtMasked(new String(served, StandardCharsets.UTF_8))).as("limit %d", q.limit())
                        .isEqualTo(Answers.readAtMasked(new String(written, StandardCharsets.UTF_8)));
                assertThat(new String(served, StandardCharsets.UTF_8))
                        .as("answered at the fixed clock, when the seed's prices of 2026-10-21 were 12 days old, not stale")
                        .doesNotContain("The price was observed");
                longest = Math.max(longest, served.length);
            }
            assertThat(longest).as("the longest answer (%d bytes) is longer than the thread's buffer", longest)
                    .isGreaterThan(service.json.bufferBytes());
        } finally {
            service.clock = before;
            service.json = json;
        }
    }
}
