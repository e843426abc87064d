package dev.drivecat.ranking;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.drivecat.pools.PoolPastes;
import dev.drivecat.testing.RealFixtures;
import dev.drivecat.web.ApiFuzzTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * POST /recommend with a pasted pool, over HTTP, on the seed catalog; every answer is checked
 * against the contract (ContractValidation). Runs in the fuzzing profile, whose rate limits are off.
 */
@QuarkusTest
@TestProfile(ApiFuzzTest.Fuzzing.class)
class PastedPoolRecommendApiTest {

    static final String PASTE = PastedQuestionTest.fixture("raidz2x2-logs-list-v-zdb.txt");

    static io.restassured.response.ValidatableResponse post(String query, String paste) {
        return given().contentType("text/plain; charset=UTF-8").body(paste).when().post("/recommend?" + query).then();
    }

    @Test
    void aPastedTwoRaidz2PoolWithLogsAndAHistogramIsTheQuestionAndSizesTheSpecialVdev() {
        post("role=special&interface=u2&smallBlocks=16K", PASTE).statusCode(200).contentType("application/json")
                .header("Cache-Control", "no-store")
                .body("query.layout", equalTo("raidz2"))
                .body("query.width", equalTo(6))
                .body("query.dataVdevs", equalTo(2))
                .body("query.hasSlog", equalTo(true))
                .body("query.setSize", equalTo(3))
                .body("query.interfaces", contains("u2"))
                .body("query.pool.name", equalTo("tank"))
                .body("query.pool.shownAt.output", contains("zpool list -v"))
                .body("query.pool.shownAt[0].fromLine", equalTo(2))
                .body("query.pool.read.description", equalTo("from your pool: raidz2 × 2, 6 wide, disks 8 TB, logs: 2"))
                .body("query.pool.parameters.layout", equalTo("raidz2"))
                .body("query.pool.overridden", hasSize(0))
                .body("query.pool.specialSizing.shownAt.output", equalTo("zdb block statistics"))
                .body("query.pool.specialSizing.binning", equalTo("up-to"))
                .body("query.pool.specialSizing.smallBlocks", equalTo("16K"))
                .body("query.pool.specialSizing.cutoffs.smallBlocks", hasItem("64K"))
                .body("query.pool.specialSizing.cutoffs", hasSize(14))
                .body("results", not(empty()))
                .body("results.capacity.holdsSmallBlocksUpTo", everyItem(notNullValue()))
                .body("notes", hasItem(containsString("Measured, not estimated: with special_small_blocks=16K the special vdev needs 79.9 GiB")))
                .body("notes[0]", equalTo("From your pool tank (zpool list -v at lines 2–21): raidz2 × 2, 6 wide, disks 8 TB, logs: 2."));
    }

    @Test
    void explicitParametersWinAndAreReported() {
        post("role=special&width=8&layout=raidz3", PoolPastes.STATUS_EXAMPLE).statusCode(200)
                .body("query.layout", equalTo("raidz3"))
                .body("query.width", equalTo(8))
                .body("query.dataVdevs", equalTo(2))
                .body("query.pool.overridden.parameter", contains("layout", "width"))
                .body("query.pool.overridden.fromPaste", contains("raidz2", "6"))
                .body("query.pool.overridden.given", contains("raidz3", "8"))
                .body("query.pool.specialSizing", nullValue())
                .body("notes", hasItem(containsString("Room unchecked: no data size given")))
                .body("notes", hasItem(containsString("Measure it: zdb -Lbbbs POOL")));
    }

    @Test
    void refusesWhatIsNoPoolOutputSeveralPoolsWithoutAChoiceAndUnknownParameters() {
        post("role=special", "Which SSD for my special vdev? Six 18 TB disks.\n").statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("The body holds no zpool or zdb output drivecat reads"))
                .body("expected", hasItem("zdb -Lbbbs"));
        String two = PoolPastes.STATUS_EXAMPLE + "\n" + PoolPastes.STATUS_EXAMPLE.replace("tank", "backup");
        post("role=special", two).statusCode(400).contentType("application/problem+json")
                .body("parameter", equalTo("pool"))
                .body("allowed", contains("tank", "backup"))
                .body("detail", containsString("say which one with pool=NAME"));
        post("role=special&pool=backup", two).statusCode(200).body("query.pool.name", equalTo("backup"));
        post("role=special&pol=tank", PoolPastes.STATUS_EXAMPLE).statusCode(400).body("parameter", equalTo("pol"))
                .body("allowed", hasItem("pool"));
        post("pool=tank", PoolPastes.STATUS_EXAMPLE).statusCode(400).body("parameter", equalTo("role"));
        given().contentType("text/plain").body(new byte[PoolPastes.MAX_BYTES + 1]).when().post("/recommend?role=special").then()
                .statusCode(413).contentType("application/problem+json").body("maxBytes", equalTo(PoolPastes.MAX_BYTES));
    }

    /** INDEX.tsv's true values of each real zpool output, as the question they ask: file → pool → layout width dataVdevs hasSlog. */
    private static final Map<String, Map<String, String>> REAL = new LinkedHashMap<>();

    private static void real(String file, String... poolAndShape) {
        Map<String, String> pools = new LinkedHashMap<>();
        for (int i = 0; i < poolAndShape.length; i += 2) {
            pools.put(poolAndShape[i], poolAndShape[i + 1]);
        }
        REAL.put(file, pools);
    }

    static {
        real("zpool/01-smartos-3way-mirror-log-degraded.txt", "zones", "mirror 3 1 true");
        real("zpool/02-freebsd-list-v-two-mirrors-old-columns.txt", "p1", "mirror 2 2 false", "zroot", "disk 1 1 false");
        real("zpool/03-mirror-logs-mirror-cache-resilvering.txt", "tank", "mirror 2 1 true");
        real("zpool/04-raidz2w6-spare-inuse.txt", "array", "raidz2 6 1 false");
        real("zpool/05-raidz1-spare0-config-only-grep.txt", "test", "raidz1 3 1 false");
        real("zpool/06-raidz1w3-dedup-file-vdevs.txt", "dozer", "raidz1 3 1 false");
        real("zpool/07-freebsd-two-pools-mfid-partitions.txt", "zdisk2", "disk 1 1 false", "zroot", "disk 1 1 false");
        real("zpool/09-truenas-boot-pool-ada0p2-and-gptid.txt", "boot-pool", "disk 1 1 false", "data", "disk 1 1 false");
        real("zpool/11-two-mirrors-nbd-4space-indent.txt", "test", "mirror 2 2 false");
        real("zpool/13-mirror-cache-lvm-name-l2arc.txt", "atmaweapon", "mirror 2 1 false");
        real("zpool/16-mirror-plus-special-mirror-checkmk.txt", "storage", "mirror 2 1 false");
        real("zpool/17-list-v-ckpoint-stripe-of-files.txt", "pool-oss0", "disk 1 3 false");
        real("zpool/19-freebsd-single-mirror-da0-da1.txt", "tank", "mirror 2 1 false");
        real("zpool/21-two-pools-raidz1w3-and-nvme-mirror.txt", "pool0", "raidz1 3 1 false", "pool1", "mirror 2 1 false");
    }

    /** Each real zpool output, read in place, asks the question its INDEX.tsv row describes. */
    @TestFactory
    List<DynamicTest> everyRealZpoolOutputAsksTheQuestionItsIndexStates() {
        Path folder = RealFixtures.require("zfs/INDEX.tsv").getParent();
        List<DynamicTest> tests = new ArrayList<>();
        REAL.forEach((file, pools) -> tests.add(DynamicTest.dynamicTest(file, () -> {
            String paste = Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
            if (pools.size() > 1) {
                post("role=special", paste).statusCode(400).body("parameter", equalTo("pool"))
                        .body("allowed", equalTo(new ArrayList<>(pools.keySet())));
            }
            pools.forEach((pool, shape) -> {
                JsonPath answer = post("role=special" + (pools.size() > 1 ? "&pool=" + pool : ""), paste).statusCode(200)
                        .extract().jsonPath();
                String asked = answer.getString("query.layout") + " " + answer.getInt("query.width") + " "
                        + answer.getInt("query.dataVdevs") + " " + answer.getBoolean("query.hasSlog");
                assertThat(asked).as(file + " pool " + pool).isEqualTo(shape);
                assertThat(answer.getString("query.pool.name")).isEqualTo(pool);
                assertThat(answer.getList("query.pool.shownAt")).as(file).isNotEmpty();
            });
        })));
        return tests;
    }

    @Test
    void realPastesWithTheirOddities() throws IOException {
        Path folder = RealFixtures.require("zfs/INDEX.tsv").getParent();
        // dedup vdevs of file vdevs: the dedup table goes there
        post("role=special", Files.readString(folder.resolve("zpool/06-raidz1w3-dedup-file-vdevs.txt"))).statusCode(200)
                .body("query.pool.read.dedupDevices", equalTo(2))
                .body("notes", hasItem(containsString("The pasted pool has a dedup vdev (2 devices)")));
        // a special mirror already there
        post("role=special", Files.readString(folder.resolve("zpool/16-mirror-plus-special-mirror-checkmk.txt"))).statusCode(200)
                .body("query.pool.specialVdevs", equalTo("1 × mirror, 2 wide"))
                .body("notes", hasItem(containsString("The pasted pool has a special vdev already (1 × mirror, 2 wide)")))
                // one of its QVO members counted 5 write errors; as a log's question, its special vdev holds the ZIL on 2.4
                .body("query.pool.members.findAll { it.write > 0 }.name", contains(containsString("Samsung_SSD_860_QVO_1TB")))
                .body("notes", hasItem(containsString("is ONLINE with 5 write errors")));
        post("role=slog", Files.readString(folder.resolve("zpool/16-mirror-plus-special-mirror-checkmk.txt"))).statusCode(200)
                .body("notes", hasItem(Notes.ZIL_ON_THE_POOLS_SPECIAL));
        // a dRAID pasted with its distributed spare: its geometry comes from its name
        post("role=dedup", dev.drivecat.pools.PoolOutputParserTest.fixture("status-draid-special-logs.txt")).statusCode(200)
                .body("query.layout", equalTo("draid2")).body("query.draidData", equalTo(4)).body("query.draidSpares", equalTo(1))
                .body("query.width", equalTo(10));
        // zdb -Lbbbs of a RAIDZ1 pool with a special mirror: its vdev table is the pool, its histogram the size (Metadata Total 2.72G)
        post("role=special&smallBlocks=16K", Files.readString(folder.resolve("zdb/02-potatopool-raidz1-special-Lbbbs-full.txt")))
                .statusCode(200)
                .body("query.pool.name", equalTo("potatopool"))
                .body("query.layout", equalTo("raidz1"))
                .body("query.width", equalTo(3))
                .body("query.pool.specialVdevs", equalTo("1 × mirror, 2 wide"))
                .body("query.pool.specialSizing.cutoffs.find { it.smallBlocks == '0' }.metadataBytes", notNullValue())
                .body("notes", hasItem(containsString("Measured, not estimated: with special_small_blocks=16K the special vdev needs "
                        + "11.0 GiB")));
        // a histogram without its block statistics: only lower bounds, and the layout is the parameters'
        post("role=special&layout=raidz2&width=6", Files.readString(folder.resolve("zdb/01-level1techs-histogram-only-122T-asize.txt")))
                .statusCode(200)
                .body("query.pool.name", nullValue())
                .body("query.pool.specialSizing.neededBytes", nullValue())
                .body("notes", hasItem(containsString("The paste shows no pool, only zdb's block statistics")));
    }
}
