package dev.drivecat.ranking;

import static dev.drivecat.ranking.RankingModelTest.NOW;
import static dev.drivecat.ranking.RankingModelTest.VENDOR_YES;
import static dev.drivecat.ranking.RankingModelTest.drive;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.common.DomainException;
import dev.drivecat.pools.PoolOutputParser;
import dev.drivecat.pools.PoolPastes;
import dev.drivecat.pools.VdevType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The question a pasted pool asks of /recommend, and how the ranking answers it: pure, no server. */
class PastedQuestionTest {

    static final double GIB = 1024d * 1024 * 1024;

    static String fixture(String name) {
        return dev.drivecat.pools.PoolOutputParserTest.fixture(name);
    }

    static RecommendQuery ask(String paste, String... pairs) {
        Map<String, List<String>> raw = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            raw.put(pairs[i], List.of(pairs[i + 1]));
        }
        return PastedQuestion.ask(raw, paste, "USD", 100);
    }

    @Test
    void twoRaidz2VdevsWithALogAskForARaidz2SpecialMirrorAndSayWhereTheyWereRead() {
        RecommendQuery q = ask(PoolPastes.STATUS_EXAMPLE, "role", "special");

        assertThat(special(q).layout()).isEqualTo(VdevType.RAIDZ2);
        assertThat(special(q).width()).isEqualTo(6);
        assertThat(special(q).dataVdevs()).isEqualTo(2);
        assertThat(special(q).hasSlog()).isTrue();
        assertThat(special(q).units()).isEqualTo(3);
        assertThat(q.pool().name()).isEqualTo("tank");
        assertThat(q.pool().shownAt()).extracting(Object::toString).containsExactly("zpool status at lines 2–29");
        assertThat(q.pool().parameters()).containsExactly(Map.entry("layout", "raidz2"), Map.entry("width", "6"),
                Map.entry("dataVdevs", "2"), Map.entry("hasSlog", "true"));
        assertThat(q.pool().overridden()).isEmpty();
        assertThat(q.pool().specialSizing()).isNull();
        assertThat(q.pool().read().description()).isEqualTo("from your pool: raidz2 × 2, 6 wide, logs: 2, cache: 1");
    }

    @Test
    void aRoleSpelledAsRecommendParamsTakesItStillTakesThePastesParameters() {
        for (String spelled : List.of("\"special\"", " Special ", "SPE-CIAL")) {
            RecommendQuery q = ask(PoolPastes.STATUS_EXAMPLE, "role", spelled);

            assertThat(q.role()).as(spelled).isEqualTo(Role.SPECIAL);
            assertThat(special(q).layout()).as(spelled).isEqualTo(VdevType.RAIDZ2);
            assertThat(special(q).width()).as(spelled).isEqualTo(6);
            assertThat(q.pool().parameters()).as(spelled).containsOnlyKeys("layout", "width", "dataVdevs", "hasSlog");
        }
    }

    @Test
    void aWidthGivenEmptyIsNotGivenSoTheDisksSizeWithoutAWidthIsLeftOut() {
        // two raidz2 vdevs, 4 and 6 wide: one layout, no one width; the disks' size is known
        String paste = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "tank 60T 5T 55T - - 1% 8% 1.00x ONLINE -\n"
                + "  raidz2-0 20T 2T 18T - - 1% 8% - ONLINE\n"
                + "    a 5T - - - - - - - ONLINE\n    b 5T - - - - - - - ONLINE\n"
                + "    c 5T - - - - - - - ONLINE\n    d 5T - - - - - - - ONLINE\n"
                + "  raidz2-1 30T 3T 27T - - 1% 8% - ONLINE\n"
                + "    e 5T - - - - - - - ONLINE\n    f 5T - - - - - - - ONLINE\n    g 5T - - - - - - - ONLINE\n"
                + "    h 5T - - - - - - - ONLINE\n    i 5T - - - - - - - ONLINE\n    j 5T - - - - - - - ONLINE\n";
        RecommendQuery q = ask(paste, "role", "special", "width", "");

        assertThat(q.pool().read().diskTb()).isNotNull();
        assertThat(special(q).width()).isNull();
        assertThat(special(q).diskTb()).isNull();
        assertThat(q.pool().parameters()).doesNotContainKey("diskTb").containsEntry("layout", "raidz2");
        assertThat(q.pool().overridden()).isEmpty();

        RecommendQuery withWidth = ask(paste, "role", "special", "width", "6");
        assertThat(special(withWidth).width()).isEqualTo(6);
        assertThat(special(withWidth).diskTb()).isEqualByComparingTo(q.pool().read().diskTb());
    }

    @Test
    void anExplicitParameterWinsAndIsReported() {
        RecommendQuery q = ask(PoolPastes.STATUS_EXAMPLE, "role", "special", "width", "8", "hasSlog", "false");

        assertThat(special(q).width()).isEqualTo(8);
        assertThat(special(q).hasSlog()).isFalse();
        assertThat(special(q).layout()).isEqualTo(VdevType.RAIDZ2);
        assertThat(q.pool().overridden()).extracting(o -> o.parameter() + " " + o.fromPaste() + "→" + o.given())
                .containsExactly("width 6→8", "hasSlog true→false");
        Recommendation r = new Ranker().rankCandidates(q, List.of(drive("a").plp(VENDOR_YES).price("100.00").build()), NOW);
        assertThat(r.notes()).contains("Given explicitly and used instead of the paste's: width=8 (the paste: 6), hasSlog=false "
                + "(the paste: true).");
    }

    @Test
    void aLogQuestionTakesNothingOfTheLayoutButSaysWhatThePoolHas() {
        RecommendQuery q = ask(PoolPastes.STATUS_EXAMPLE, "role", "slog");

        assertThat(q).isInstanceOf(RecommendQuery.Log.class);
        assertThat(q.pool().parameters()).isEmpty();
        Recommendation r = new Ranker().rankCandidates(q, List.of(drive("a").plp(VENDOR_YES).price("100.00").build()), NOW);
        assertThat(r.notes()).contains("role=slog: a log's ranking takes nothing of the pool's layout; the pasted pool has a log "
                + "already (2 devices).");
    }

    @Test
    void theHistogramSizesTheSpecialVdevAndEachDriveSaysUpToWhichCutoffItHolds() {
        String paste = fixture("raidz2x2-logs-list-v-zdb.txt");
        RecommendQuery q = ask(paste, "role", "special", "smallBlocks", "16K");

        assertThat(special(q).diskTb()).as("7.28T device rows").isEqualByComparingTo("8.004445");
        PastedPool.MeasuredSizing m = q.pool().specialSizing();
        assertThat(m.shownAt()).hasToString("zdb block statistics at lines 24–59");
        assertThat(m.smallBlocks()).isEqualTo("16K");
        // (Metadata Total 40.0G + the asize Cum. at 16K, 19.9G) ÷ 0.75
        long metadata = (long) (40.0 * GIB);
        long small = (long) Math.ceil(19.9 * GIB);
        assertThat(m.neededBytes()).isCloseTo((long) Math.ceil((metadata + small) / 0.75), org.assertj.core.data.Offset.offset(2L));
        assertThat(m.cutoffs()).extracting(c -> c.smallBlocks()).startsWith("0", "4K", "8K", "16K", "32K", "64K");

        // 40 GiB ÷ 0.75 = 53.3 GiB for metadata only; 79.9 GiB at 16K; 213.3 GiB at 64K
        Candidate small64 = sized("small", 60);
        Candidate mid = sized("mid", 120);
        Candidate big = sized("big", 240);
        Recommendation r = new Ranker().rankCandidates(q, List.of(small64, mid, big), NOW);
        assertThat(r.filteredOut().byReason()).containsEntry(Exclusion.TOO_SMALL, 1);
        assertThat(r.results()).extracting(res -> res.drive().slug() + " " + res.capacity().holdsSmallBlocksUpTo())
                .containsExactlyInAnyOrder("mid 16K", "big 64K");
        assertThat(r.results().get(0).capacity().assessment()).endsWith("(measured)");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("Measured, not estimated: with special_small_blocks=16K "
                + "the special vdev needs 79.9 GiB, metadata 40.00 GiB + the blocks of at most 16K, 19.90 GiB")
                .contains("The figures come from the paste's zdb histogram (zdb block statistics at lines 24–59)"));
        assertThat(r.notes()).noneSatisfy(n -> assertThat(n).startsWith("An estimate"));
        assertThat(r.notes()).first().asString().isEqualTo("From your pool tank (zpool list -v at lines 2–21): raidz2 × 2, 6 wide, "
                + "disks 8 TB, logs: 2.");
    }

    @Test
    void aCutoffBetweenRowsIsCountedAtTheRowAboveIt() {
        RecommendQuery q = ask(fixture("raidz2x2-logs-list-v-zdb.txt"), "role", "special", "smallBlocks", "48K");

        assertThat(q.pool().specialSizing().smallBlocks()).isEqualTo("64K");
        Recommendation r = new Ranker().rankCandidates(q, List.of(sized("big", 240)), NOW);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("Measured, not estimated: with special_small_blocks=48K "
                + "(counted at 64K, the histogram's row at or above it) the special vdev needs 213.3 GiB"));
    }

    @Test
    void withoutAHistogramTheSizeIsAnEstimateThatSaysHowToMeasure() {
        RecommendQuery q = ask(fixture("raidz2x2-logs-list-v-zdb.txt").substring(0, fixture("raidz2x2-logs-list-v-zdb.txt")
                .indexOf("root@nas:~# zdb")), "role", "special");

        assertThat(q.pool().specialSizing()).isNull();
        Recommendation r = new Ranker().rankCandidates(q, List.of(sized("big", 240)), NOW);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("An estimate, not a measurement: the special vdev needs about ")
                .contains("Measure it: zdb -Lbbbs POOL prints the pool's block statistics and block-size histogram")
                .contains("\"Display statistics regarding the number, size (logical, physical and allocated) and deduplication of "
                        + "blocks.\""));
        assertThat(r.results().get(0).capacity().holdsSmallBlocksUpTo()).isNull();
        assertThat(r.results().get(0).capacity().assessment()).endsWith("(estimated)");
    }

    @Test
    void aPasteOfSeveralPoolsNeedsPoolAndThePoolParameterChoosesOne() {
        String two = PoolPastes.STATUS_EXAMPLE + "\n" + PoolPastes.STATUS_EXAMPLE.replace("tank", "backup").replace("raidz2", "mirror");
        assertThatThrownBy(() -> ask(two, "role", "special")).isInstanceOf(DomainException.class)
                .hasMessageContaining("The paste shows 2 pools (tank, backup): say which one with pool=NAME")
                .satisfies(e -> assertThat(((DomainException) e).details()).containsEntry("allowed", List.of("tank", "backup")));
        assertThatThrownBy(() -> ask(two, "role", "special", "pool", "nope")).isInstanceOf(DomainException.class)
                .hasMessageContaining("no pool named");
        RecommendQuery backup = ask(two, "role", "special", "pool", "backup");
        assertThat(backup.pool().name()).isEqualTo("backup");
        assertThat(backup.pool().read().pool()).isEqualTo("backup");
    }

    @Test
    void mixedLayoutsAreA400UnlessTheLayoutIsGiven() {
        String mixed = "NAME STATE READ WRITE CKSUM\ntank ONLINE 0 0 0\n  raidz2-0 ONLINE 0 0 0\n    a ONLINE 0 0 0\n"
                + "    b ONLINE 0 0 0\n    c ONLINE 0 0 0\n    d ONLINE 0 0 0\n  mirror-1 ONLINE 0 0 0\n    e ONLINE 0 0 0\n"
                + "    f ONLINE 0 0 0\n";
        assertThatThrownBy(() -> ask(mixed, "role", "special")).isInstanceOf(DomainException.class)
                .hasMessageContaining("The pasted pool does not say one layout (pool tank's data vdevs differ in layout");
        RecommendQuery q = ask(mixed, "role", "special", "layout", "raidz2", "width", "4");
        assertThat(special(q).layout()).isEqualTo(VdevType.RAIDZ2);
        assertThat(q.pool().parameters()).doesNotContainKey("layout");
    }

    @Test
    void aDedupPoolIsToldWhereItsDedupTableGoes() {
        String dedupVdev = "NAME STATE READ WRITE CKSUM\ndozer ONLINE 0 0 0\n  mirror-0 ONLINE 0 0 0\n    a ONLINE 0 0 0\n"
                + "    b ONLINE 0 0 0\ndedup\t\n  mirror-1 ONLINE 0 0 0\n    c ONLINE 0 0 0\n    d ONLINE 0 0 0\n";
        Recommendation withVdev = new Ranker().rankCandidates(ask(dedupVdev, "role", "special"),
                List.of(sized("big", 240)), NOW);
        assertThat(withVdev.notes()).anySatisfy(n -> assertThat(n).startsWith("The pasted pool has a dedup vdev (2 devices): the "
                + "dedup table goes there, not to the special vdev"));

        String ratio = "NAME SIZE ALLOC FREE CKPOINT EXPANDSZ FRAG CAP DEDUP HEALTH ALTROOT\n"
                + "tank 10T 5T 5T - - 1% 50% 1.52x ONLINE -\n  mirror-0 10T 5T 5T - - 1% 50% - ONLINE\n"
                + "    a 10T - - - - - - - ONLINE\n    b 10T - - - - - - - ONLINE\n";
        Recommendation shown = new Ranker().rankCandidates(ask(ratio, "role", "special"), List.of(sized("big", 240)), NOW);
        assertThat(shown.notes()).anySatisfy(n -> assertThat(n).startsWith("The paste shows deduplication (zpool list's DEDUP above "
                + "1.00x").contains("the dedup table goes to the special vdev unless the pool has a dedup vdev (spa_preferred_class"));
        assertThat(shown.notes()).noneSatisfy(n -> assertThat(n).startsWith("With dedup,"));
    }

    @Test
    void aHistogramAloneSizesTheSpecialVdevOfTheParametersLayout() {
        String zdb = fixture("raidz2x2-logs-list-v-zdb.txt");
        RecommendQuery q = ask(zdb.substring(zdb.indexOf("root@nas:~# zdb")), "role", "special", "layout", "raidz1", "width", "3");

        assertThat(q.pool().name()).isNull();
        assertThat(q.pool().read()).isNull();
        assertThat(special(q).layout()).isEqualTo(VdevType.RAIDZ1);
        assertThat(q.pool().specialSizing().neededBytes()).isNotNull();
    }

    private static RecommendQuery.Special special(RecommendQuery q) {
        return (RecommendQuery.Special) q;
    }

    private static Candidate sized(String slug, int capacityGb) {
        RankingModelTest.Drive d = drive(slug).plp(VENDOR_YES).tbw("1000").price("100.00");
        d.capacityGb = (int) Math.round(capacityGb * GIB / 1e9);
        return d.build();
    }
}
