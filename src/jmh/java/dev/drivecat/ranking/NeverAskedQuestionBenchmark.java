package dev.drivecat.ranking;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.common.JsonBytes;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.web.JsonAccessors;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a never-asked /recommend question costs the service on one core, without HTTP: ranking the
 * M.2 candidates of a catalog built as src/bench/generate-catalog.sql builds the benchmark's (10,000
 * drives, ten offers each, the same cycles of PLP wording, endurance and media), and writing the
 * answer as the service does (its ObjectMapper, through a buffer per thread). Each call asks a sync
 * write rate not asked before in that snapshot's answers, as src/bench/distinct-queries.lua does
 * over HTTP. Run with src/bench/jmh.sh; {@code -p limit=1} tells what ranking every candidate costs
 * from what explaining and writing the ten shown does. Figures in src/docs/benchmarks.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx1g")
public class NeverAskedQuestionBenchmark {

    private static final Instant OBSERVED = Instant.parse("2026-11-28T00:00:00Z");

    /** Results per answer: 10 is the API's default. */
    @Param("10")
    public int limit;

    private final Ranker ranker = new Ranker();
    private final ObjectMapper mapper = new ObjectMapper().findAndRegisterModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private final JsonBytes json = new JsonBytes(RecommendationService.ANSWER_BUFFER_BYTES);
    private CandidateModel.Snapshot snapshot;
    private RecommendQuery[] questions;
    private int next;
    private Instant now;

    @Setup
    public void catalog() {
        new JsonAccessors().customize(mapper);
        List<Ranker.Profile> profiles = new ArrayList<>();
        for (int i = 1; i <= 10_000; i++) {
            profiles.add(ranker.profile(drive(i)));
        }
        snapshot = new CandidateModel.Snapshot(1, OBSERVED, profiles);
        Random random = new Random(2026);
        questions = new RecommendQuery[4096];
        for (int k = 0; k < questions.length; k++) {
            questions[k] = new RecommendParams(Map.of("role", List.of("slog"), "interface", List.of("m2"),
                    "syncWriteMBps", List.of(Double.toString(random.nextInt(1, 100_000_000) / 1000.0)),
                    "limit", List.of(Integer.toString(limit)))).parse("USD", 100);
        }
        now = OBSERVED.plus(Duration.ofDays(4));
    }

    /** Ranking and writing the answer: the work a never-asked question costs besides HTTP. */
    @Benchmark
    public byte[] rankAndWrite() throws Exception {
        return json.write(snapshot.kept().writer(mapper), rank());
    }

    /** Ranking alone, to tell its share from the writing's. */
    @Benchmark
    public Recommendation rankOnly() {
        return rank();
    }

    private Recommendation rank() {
        RecommendQuery q = questions[next++ & (questions.length - 1)];
        return snapshot.rank(ranker, q, now);
    }

    /** Drive {@code i} as generate-catalog.sql makes bench-0000i (its id taken as i). */
    private static Candidate drive(int i) {
        String slug = String.format("bench-%05d", i);
        int capacity = new int[] {240, 480, 960, 1920, 3840, 375, 400, 800}[(i / 7) % 8];
        Interface bus = new Interface[] {Interface.SATA, Interface.NVME, Interface.NVME, Interface.NVME, Interface.SAS,
                Interface.NVME}[i % 6];
        FormFactor form = new FormFactor[] {FormFactor.INCH_2_5, FormFactor.M2_2280, FormFactor.U2, FormFactor.AIC,
                FormFactor.INCH_2_5, FormFactor.E1S}[i % 6];
        Media media = new Media[] {Media.TLC, Media.TLC, Media.XPOINT_3D, Media.QLC, Media.MLC, Media.TLC, Media.NAND}[i % 7];
        String plpToken = new String[] {"STATED_YES", "STATED_YES", "STATED_YES", "NOT_STATED", "MODEL_SPECIFIC",
                "STATED_NO"}[i % 6];
        String url = "https://bench.example/" + slug;
        Candidate.Evidence plp = new Candidate.Evidence(null, plpToken, plpToken.equals("MODEL_SPECIFIC") ? "M.2 22x80" : null,
                "Power Loss Protection: " + plpToken, SourceKind.VENDOR_PAGE, null, url, false);
        double[] dwpdCycle = {0.3, 1, 1, 3, 10, 30, 100};
        double[] tbwPerGb = {0.5, 1.8, 1.8, 5.5, 18, 55, 180};
        Candidate.Evidence dwpd = new Candidate.Evidence(BigDecimal.valueOf(dwpdCycle[i % 7]), null, null, "DWPD",
                SourceKind.VENDOR_PAGE, null, url, false);
        Candidate.Evidence tbw = i % 2 != 0 ? null : new Candidate.Evidence(
                BigDecimal.valueOf(capacity * tbwPerGb[i % 7]).setScale(1, RoundingMode.HALF_UP), null, null, "TBW",
                SourceKind.VENDOR_PAGE, null, url, false);
        List<Offer> offers = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            long listing = i * 10L + k;
            // the newest of the listing's 100 observations: n = 0
            BigDecimal price = BigDecimal.valueOf(100 + listing % 900 + 20 * Math.sin(listing)).setScale(2, RoundingMode.HALF_UP);
            boolean marketplace = k % 3 == 0;
            offers.add(new Offer(slug, "amazon-us", "bench-" + i + "-" + k, "https://www.amazon.com/dp/B" + String.format("%09d", listing),
                    marketplace ? "Amazon.com" : "Seller " + k, marketplace ? SellerType.MARKETPLACE : SellerType.THIRD_PARTY,
                    k % 2 == 0, new Condition[] {Condition.NEW, Condition.NEW, Condition.NEW, Condition.NEW_OLD_STOCK, Condition.USED,
                    Condition.RENEWED}[k % 6], k == 9, price, null, "USD", null, null, listing % 11 != 0, null, OBSERVED, 4, false));
        }
        return new Candidate(i, slug, new String[] {"Acme", "Bolt", "Cirrus", "Dyna", "Ember", "Flux", "Gale", "Halo"}[i % 8],
                "Bench " + i / 10, capacity, bus, form, media, i % 5 == 0, plp, dwpd, tbw, null, null, null, null, List.of(), null, offers);
    }
}
