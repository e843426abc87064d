package dev.drivecat.ranking;

import static dev.drivecat.ranking.PastedQuestionTest.ask;
import static dev.drivecat.ranking.PastedQuestionTest.fixture;
import static dev.drivecat.ranking.RankingModelTest.NOW;
import static dev.drivecat.ranking.RankingModelTest.VENDOR_YES;
import static dev.drivecat.ranking.RankingModelTest.drive;
import static dev.drivecat.ranking.RankingModelTest.query;
import static dev.drivecat.ranking.RankingModelTest.special;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.common.DomainException;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The classes of questions /recommend v4 answers: zvols, dRAID, dedup and cache, sets, a pasted pool's own vdevs, limits. */
class RecommendV4RulesTest {

    static Recommendation rank(RecommendQuery q, Candidate... candidates) {
        return new Ranker().rankCandidates(q, List.of(candidates), NOW);
    }

    static Candidate sized(String slug, int capacityGb, String price) {
        RankingModelTest.Drive d = drive(slug).plp(VENDOR_YES).price(price);
        d.capacityGb = capacityGb;
        d.model = slug;
        return d.build();
    }

    static String parameter(Throwable e) {
        return (String) ((DomainException) e).details().get("parameter");
    }

    @Nested
    class Zvols {

        @Test
        void beforeOpenzfs24NoZvolBlockGoesToTheSpecialVdevSoAnIscsiPoolNeedsItsMetadataOnly() {
            // 10 TiB of zvols over iSCSI with special_small_blocks at the recordsize: 2.3 sends none of their blocks there
            RecommendQuery.Special older = special("role", "special", "workload", "iscsi", "openzfsVersion", "2.3.4", "dataTib", "10",
                    "smallBlocks", "128K", "recordsize", "128K");
            assertThat(older.volblocksizeKib()).isEqualTo(16);
            SpecialSizing.Need need = Field.need(older).orElseThrow();
            assertThat(need.smallBlocksGib()).isZero();
            assertThat(need.requiredGib()).isCloseTo(10 * 1024 * SpecialSizing.metadataMibPerGib(16) / 1024 / 0.75, within(0.01));
            Recommendation r = rank(older, sized("big", 960, "300.00"));
            assertThat(r.results()).hasSize(1);
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("Before OpenZFS 2.4 special_small_blocks sends no zvol block")
                    .contains("b048bfa"));
        }

        @Test
        void fromOpenzfs24EveryZvolBlockGoesThereWhenTheCutoffIsAtOrAboveVolblocksize() {
            RecommendQuery.Special current = special("role", "special", "workload", "iscsi", "dataTib", "10", "smallBlocks", "16K");
            SpecialSizing.Need need = Field.need(current).orElseThrow();
            assertThat(need.smallBlocksGib()).isCloseTo(10 * 1024, within(1e-6));
            assertThat(need.basis()).anySatisfy(b -> assertThat(b).startsWith("special_small_blocks at or above volblocksize"));
            Recommendation r = rank(current, sized("big", 960, "300.00"));
            assertThat(r.filteredOut().byReason()).containsEntry(Exclusion.TOO_SMALL, 1);
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("at or above volblocksize=16K sends every zvol block"));
            // below volblocksize no zvol block is counted
            assertThat(Field.need(special("role", "special", "workload", "iscsi", "dataTib", "10", "smallBlocks", "8K"))
                    .orElseThrow().smallBlocksGib()).isZero();
        }

        @Test
        void volblocksizeDefaultsAsOpenzfsPicksItAndIsHeldToTheReleasesLimit() {
            assertThat(special("role", "special").volblocksizeKib()).isEqualTo(16);
            assertThat(special("role", "special", "openzfsVersion", "2.1.5").volblocksizeKib()).isEqualTo(8);
            // zfs create raises it to the data vdevs' minimum allocation: RAIDZ2's four sectors, a dRAID's data disks
            assertThat(special("role", "special", "openzfsVersion", "2.1.5", "layout", "raidz2").volblocksizeKib()).isEqualTo(16);
            assertThat(special("role", "special", "layout", "draid2", "width", "20").volblocksizeKib()).isEqualTo(32);
            assertThat(special("role", "special", "openzfsVersion", "2.0.7").volblocksizeKib()).isEqualTo(8);
            assertThat(special("role", "special", "volblocksize", "1M").volblocksizeKib()).isEqualTo(1024);
            assertThatThrownBy(() -> query("role", "special", "openzfsVersion", "2.3.4", "volblocksize", "1M"))
                    .satisfies(e -> assertThat(parameter(e)).isEqualTo("volblocksize")).hasMessageContaining("from 1K to 128K");
        }

        @Test
        void aSpecialVdevIsNotSoldAsACureForVmRandomIoOnRaidz() {
            Recommendation r = rank(query("role", "special", "workload", "iscsi", "layout", "raidz2", "width", "6"),
                    sized("a", 960, "100.00"));
            assertThat(r.notes()).contains(Notes.VM_ON_PARITY);
            assertThat(rank(query("role", "special", "workload", "iscsi"), sized("a", 960, "100.00")).notes())
                    .doesNotContain(Notes.VM_ON_PARITY);
        }
    }

    @Nested
    class Draid {

        @Test
        void aPastedDraidGivesItsDataDisksSparesAndChildren() {
            RecommendQuery.Special q = (RecommendQuery.Special) ask(fixture("status-draid-special-logs.txt"), "role", "special");
            assertThat(q.set().layout().token()).isEqualTo("draid2");
            assertThat(q.set().width()).isEqualTo(10);
            assertThat(q.set().draidData()).isEqualTo(4);
            assertThat(q.set().draidSpares()).isEqualTo(1);
            assertThat(q.set().setSize()).isEqualTo(3);
            assertThat(q.pool().parameters()).containsEntry("draidData", "4").containsEntry("draidSpares", "1");
        }

        @Test
        void itsUsableSizeAndMinimumAllocationAreWorkedOutAsOpenzfsDocumentsThem() {
            RecommendQuery.Special q = special("role", "special", "layout", "draid2", "width", "90", "draidSpares", "2", "diskTb", "10");
            assertThat(q.set().draidData()).isEqualTo(8);
            // (N - S) × D / (D + P) disks' worth: 88 × 8 / 10
            assertThat(q.set().dataDisks()).isCloseTo(70.4, within(1e-9));
            Recommendation r = rank(q, sized("a", 3840, "100.00"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("(N-S)*(D/(D+P))*X").contains("= 704.0 TB of data"))
                    .anySatisfy(n -> assertThat(n).contains("allocates at least 8 × 4K = 32K").contains("mirrored special vdev"));
        }

        @Test
        void aGeometryZpoolCreateWouldRefuseIsA400() {
            assertThatThrownBy(() -> query("role", "special", "layout", "draid2", "width", "10", "draidSpares", "1", "draidData", "8"))
                    .satisfies(e -> assertThat(parameter(e)).isEqualTo("draidData")).hasMessageContaining("at most 7 data disks");
            assertThatThrownBy(() -> query("role", "special", "layout", "raidz2", "draidData", "4"))
                    .satisfies(e -> assertThat(parameter(e)).isEqualTo("draidData"));
            assertThatThrownBy(() -> query("role", "special", "layout", "draid1", "width", "256"))
                    .satisfies(e -> assertThat(parameter(e)).isEqualTo("width"));
            assertThat(special("role", "special", "layout", "draid1", "width", "255").set().width()).isEqualTo(255);
            assertThatThrownBy(() -> query("role", "special", "layout", "raidz2", "width", "65"))
                    .satisfies(e -> assertThat(parameter(e)).isEqualTo("width")).hasMessageContaining("at most 64");
            assertThatThrownBy(() -> query("role", "special", "layout", "draid1", "openzfsVersion", "2.0.7"))
                    .satisfies(e -> assertThat(parameter(e)).isEqualTo("layout")).hasMessageContaining("2.1.0");
        }
    }

    @Nested
    class DedupAndCache {

        @Test
        void aDedupVdevIsBoughtAsTheSpecialMirrorIsAndSizedByTheTable() {
            RecommendQuery q = query("role", "dedup", "layout", "raidz2", "width", "6", "ddtGib", "300");
            assertThat(q.units()).isEqualTo(3);
            assertThat(q.plp()).isEqualTo(PlpRequirement.ANY);
            assertThat(RankingModel.weights(q)).containsOnlyKeys(ScoreComponent.PLP, ScoreComponent.ENDURANCE, ScoreComponent.PRICE,
                    ScoreComponent.ROOM);
            Recommendation r = rank(q, sized("small", 240, "100.00"), sized("big", 960, "200.00"));
            assertThat(r.filteredOut().drives()).extracting(e -> e.slug() + " " + e.reason().token() + " " + e.detail())
                    .containsExactly("small tooSmall 224 GiB per drive is 76 GiB short of the 300 GiB the dedup vdev needs");
            assertThat(r.results().get(0).capacity().assessment()).startsWith("fits: 34% full");
            assertThat(r.results().get(0).warnings()).anySatisfy(w -> assertThat(w).startsWith("Losing the dedup vdev loses the pool"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("A device solely dedicated for deduplication tables."));
        }

        @Test
        void aPastedDedupTableIsReadPerEntryOrAsATotalByRelease() {
            String paste = fixture("status-every-section-dedup-table.txt");
            RecommendQuery older = ask(paste, "role", "dedup", "openzfsVersion", "2.2.6");
            assertThat(older.pool().dedupTable().bytes()).isEqualTo(1_853_205L * 1044);
            assertThat(older.pool().dedupTable().basis()).contains("per entry, before 2.3");
            RecommendQuery current = ask(paste, "role", "dedup");
            assertThat(current.pool().dedupTable().bytes()).isEqualTo(1044);
            // zdb -D prints each table: totals from OpenZFS 2.3, sizes per entry before
            String status = fixture("status-raidz1-single-dedup-devices.txt");
            assertThat(ask(status + fixture("zdb-D-2.3-tables.txt"), "role", "dedup").pool().dedupTable().bytes())
                    .isEqualTo(38_535_168L + 405_012_480L);
            assertThat(ask(status + fixture("zdb-D-before-2.3-tables.txt"), "role", "dedup").pool().dedupTable().bytes())
                    .isEqualTo(142_031L * 271 + 1_710_854L * 236);
        }

        @Test
        void aSingleDeviceDedupVdevOnARedundantPoolIsWarnedAboutAndAFaultedMemberNamed() {
            RecommendQuery q = ask(fixture("status-raidz1-single-dedup-devices.txt"), "role", "dedup");
            Recommendation r = rank(q, sized("a", 960, "100.00"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("The pool's dedup vdev sdd is a single device on a raidz1 pool")
                    .contains("Never add one as a single device to a redundant pool."));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("The pool's dedup vdev member sde is FAULTED with 3 read, "
                    + "12 write errors (zpool status at line 14)"));
        }

        @Test
        void aCacheDeviceIsOneDriveWhoseProtectionDoesNotCountJudgedAtTheL2arcFeedRate() {
            RecommendQuery q = query("role", "cache");
            assertThat(q.units()).isEqualTo(1);
            assertThat(q.plp()).isEqualTo(PlpRequirement.ANY);
            assertThat(RankingModel.weights(q)).containsOnlyKeys(ScoreComponent.ENDURANCE, ScoreComponent.PRICE);
            assertThat(q.enduranceWriteMBps()).isCloseTo(33.554432, within(1e-9));
            assertThat(query("role", "cache", "openzfsVersion", "2.2.6").enduranceWriteMBps()).isCloseTo(8.388608, within(1e-9));
            Recommendation r = rank(q, sized("a", 960, "100.00"));
            assertThat(r.results().get(0).capacity()).isNull();
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("losing one is harmless"))
                    .anySatisfy(n -> assertThat(n).contains("usually a larger and more reliable win than adding an L2ARC"));
            assertThatThrownBy(() -> query("role", "cache", "layout", "mirror")).satisfies(e -> assertThat(parameter(e)).isEqualTo("layout"));
        }
    }

    @Nested
    class SetsAndSpares {

        @Test
        void severalSpecialVdevsAndColdSparesAreBoughtAndTheNeedIsShared() {
            RecommendQuery.Special q = special("role", "special", "layout", "raidz2", "width", "6", "specialVdevs", "2", "spares", "1",
                    "dataTib", "100");
            assertThat(q.units()).isEqualTo(3 * 2 + 1);
            SpecialSizing.Need each = Field.need(q).orElseThrow();
            SpecialSizing.Need whole = Field.need(special("role", "special", "layout", "raidz2", "width", "6", "dataTib", "100"))
                    .orElseThrow();
            assertThat(each.requiredGib()).isCloseTo(whole.requiredGib() / 2, within(1e-9));
            Recommendation r = rank(q, sized("a", 960, "100.00"));
            assertThat(r.results().get(0).setSize()).isEqualTo(7);
            assertThat(r.results().get(0).reasons()).anySatisfy(x -> assertThat(x).startsWith("A raidz2 pool needs a 3-way special "
                    + "mirror; 2 special vdevs and 1 cold spare make 7 drives"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("Multiple special vdevs load-balance allocations"));
        }

        @Test
        void aHotSpareIsSaidNotToServeASpecialVdevFrom217() {
            assertThat(rank(query("role", "special"), sized("a", 960, "100.00")).notes())
                    .anySatisfy(n -> assertThat(n).startsWith("A hot spare does not replace a special vdev's member").contains("#14154"));
            assertThat(rank(query("role", "special", "openzfsVersion", "2.1.6"), sized("a", 960, "100.00")).notes())
                    .anySatisfy(n -> assertThat(n).startsWith("Before OpenZFS 2.1.7 a hot spare could replace"));
        }

        @Test
        void aMixedSetPairsEachDriveWithTheBestRankedOtherModelHalfEach() {
            Candidate a = sized("model-a", 960, "100.00");
            Candidate b = sized("model-b", 480, "150.00");
            Recommendation r = rank(query("role", "special", "layout", "raidz2", "mixedModels", "true"), a, b);
            Recommendation.MixedSet mixed = r.results().get(0).mixedSet();
            assertThat(mixed.with().slug()).isEqualTo(r.results().get(1).drive().slug());
            assertThat(mixed.units() + mixed.withUnits()).isEqualTo(3);
            assertThat(mixed.units()).isEqualTo(2);
            assertThat(mixed.capacityGib()).isCloseTo(SpecialSizing.capacityGib(480), within(0.05));
            assertThat(rank(query("role", "special", "layout", "raidz2"), a, b).results().get(0).mixedSet()).isNull();
        }
    }

    @Nested
    class PastedPoolsOwnVdevs {

        static final String POOL = fixture("status-special-write-errors-list-v.txt");

        @Test
        void aLogForAPoolWhoseSpecialVdevHoldsTheZilSaysWhatItWouldStillAdd() {
            Recommendation r = rank(ask(POOL, "role", "slog"), sized("a", 960, "100.00"));
            assertThat(r.notes()).contains(Notes.ZIL_ON_THE_POOLS_SPECIAL);
            Recommendation older = rank(ask(POOL, "role", "slog", "openzfsVersion", "2.3.4"), sized("a", 960, "100.00"));
            assertThat(older.notes()).doesNotContain(Notes.ZIL_ON_THE_POOLS_SPECIAL)
                    .anySatisfy(n -> assertThat(n).startsWith("Before OpenZFS 2.4 (openzfsVersion=2.3.4) the pool's special vdev takes no ZIL"));
        }

        @Test
        void aSpecialMemberWithWriteErrorsIsReported() {
            Recommendation r = rank(ask(POOL, "role", "slog"), sized("a", 960, "100.00"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("The pool's special vdev member "
                    + "ata-Samsung_SSD_870_QVO_1TB_S5SVNF0R000001X-part1 (mirror-1) is ONLINE with 5 write errors (zpool status at line 21)"));
            assertThat(ask(POOL, "role", "special").pool().members()).hasSize(2);
        }

        @Test
        void aSpecialQuestionSaysWhetherTheSpecialVdevItHasHoldsWhatIsAsked() {
            Recommendation r = rank(ask(POOL, "role", "special"), sized("a", 960, "100.00"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("Its special vdev holds 928.0 GiB (102.0 GiB allocated): "
                    + "enough for"));
            Recommendation all = rank(ask(POOL, "role", "special", "smallBlocks", "128K"), sized("a", 3840, "100.00"));
            assertThat(all.notes()).anySatisfy(n -> assertThat(n).startsWith("Its special vdev holds 928.0 GiB (102.0 GiB allocated): "
                    + "less than"));
        }

        @Test
        void aMeasuredNeedSaysWhatAFullPoolWouldNeedAsAnExtrapolation() {
            Recommendation r = rank(ask(fixture("raidz2x2-logs-list-v-zdb.txt"), "role", "special"), sized("a", 960, "100.00"));
            assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("The measurement counts the blocks written so far")
                    .contains("an extrapolation, not a measurement"));
        }
    }

    @Nested
    class ThroughputAndEmptyAnswers {

        @Test
        void underAPeakADriveWithoutAStatedSequentialWriteIsSaidToBeUnknown() {
            Recommendation r = rank(query("role", "slog", "peakSyncMBps", "400"), drive("unknown").plp(VENDOR_YES).price("100.00").build());
            assertThat(r.results().get(0).warnings()).contains("Its sequential write is not in the catalog: whether it takes the 400 MB/s "
                    + "peak sync write rate is unknown.");
            assertThat(r.notes()).contains(Notes.LARGE_SYNC_WRITES);
        }

        @Test
        void aQuestionWhoseDrivesWereAllLeftOutSaysWhy() {
            Candidate noOffer = drive("sata").bus(Interface.SATA, FormFactor.INCH_2_5).plp(VENDOR_YES).build();
            Recommendation none = rank(query("role", "slog", "interface", "sata"), noOffer);
            assertThat(none.results()).isEmpty();
            assertThat(none.notes().get(0)).isEqualTo("No result: the one drive the catalog holds for interface=sata was left out (1 "
                    + "no offer); filteredOut lists it with why.");
        }
    }
}
