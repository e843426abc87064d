package dev.drivecat.ranking;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules of ranking.md (sizes, OpenZFS releases, workloads, caveats) as /recommend answers them on the seed catalog. */
@QuarkusTest
class RecommendExpertRulesTest {

    static JsonPath recommend(String query) {
        return given().when().get("/recommend?" + query).then().statusCode(200).extract().jsonPath();
    }

    static List<String> notes(JsonPath r) {
        return r.getList("notes", String.class);
    }

    @Test
    void theLogIsSizedByZfsWrlogDataMaxFromTheHostsRamOrByTenSecondsOfItsPeak() {
        assertThat(notes(recommend("role=slog&ramGib=16"))).anySatisfy(n -> assertThat(n).startsWith("The log must hold about 3.2 GiB")
                .contains("zfs_wrlog_data_max at its default for 16 GiB of RAM"));
        assertThat(notes(recommend("role=slog&ramGib=64"))).anySatisfy(n -> assertThat(n).startsWith("The log must hold about 8.0 GiB"));
        assertThat(notes(recommend("role=slog"))).anySatisfy(n -> assertThat(n).startsWith("The log must hold about 8.0 GiB")
                .contains("largest default"));
        // 100 MB/s for 10 s is 0.9 GiB, below the 6.4 GiB 32 GiB of RAM allows: the smaller bounds the log
        assertThat(notes(recommend("role=slog&ramGib=32&peakSyncMBps=100"))).anySatisfy(n -> assertThat(n)
                .startsWith("The log must hold about 0.9 GiB").contains("never holds more than the smaller"));
        // the sources that disagree are both named
        assertThat(notes(recommend("role=slog"))).anySatisfy(n -> assertThat(n).contains("Only about 4GB is needed")
                .contains("should be smaller than the size of the slog device"));
        given().when().get("/recommend?role=special&ramGib=64").then().statusCode(400).body("parameter", equalTo("ramGib"));
    }

    @Test
    void aSpecialVdevWithoutTheZilIsNotFilteredForPlpByDefault() {
        JsonPath withSlog = recommend("role=special&hasSlog=true&limit=50");
        assertThat(withSlog.getString("query.plp")).isEqualTo("any");
        assertThat(withSlog.getMap("filteredOut.byReason")).doesNotContainKey("noPlp");
        assertThat(notes(withSlog)).anySatisfy(n -> assertThat(n).contains("as much or as little as a traditional pool"));
        assertThat(recommend("role=special&openzfsVersion=2.3.4").getString("query.plp")).isEqualTo("any");
        // with the ZIL on it (OpenZFS 2.4, no log) the default still asks for cheap, safe flushes
        JsonPath zil = recommend("role=special&limit=50");
        assertThat(zil.getString("query.plp")).isEqualTo("required");
        assertThat(zil.getMap("filteredOut.byReason")).containsKey("noPlp");
        assertThat(notes(zil)).anySatisfy(n -> assertThat(n).contains("still logged indirectly"));
    }

    @Test
    void openzfs24TakesSmallBlocksUpTo16mAtOrAboveTheRecordsize() {
        JsonPath whole = recommend("role=special&smallBlocks=128K&recordsize=128K");
        assertThat(whole.getInt("query.smallBlocksKib")).isEqualTo(128);
        assertThat(notes(whole)).anySatisfy(n -> assertThat(n).contains("every data block of those datasets goes to the special vdev"))
                .anySatisfy(n -> assertThat(n).contains("zvol blocks too"));
        assertThat(recommend("role=special&smallBlocks=1M").getInt("query.smallBlocksKib")).isEqualTo(1024);
        assertThat(recommend("role=special&smallBlocks=16M&recordsize=16M").getInt("query.smallBlocksKib")).isEqualTo(16 * 1024);
        assertThat(recommend("role=special&smallBlocks=96K").getInt("query.smallBlocksKib")).isEqualTo(96);
        // at or above the recordsize the data itself goes to the special vdev: 10 TiB of it leaves every seeded drive too small
        JsonPath sized = recommend("role=special&smallBlocks=128K&recordsize=128K&dataTib=10");
        assertThat(sized.getList("results")).isEmpty();
        assertThat(sized.getMap("filteredOut.byReason")).containsKey("tooSmall");
        // before 2.4 the man page's rule: a power of two up to 1M (equal to the recordsize is allowed there too), file systems only
        JsonPath older = recommend("role=special&openzfsVersion=2.3.4&smallBlocks=128K&recordsize=128K");
        assertThat(notes(older)).anySatisfy(n -> assertThat(n).contains("never a zvol's"));
        given().when().get("/recommend?role=special&openzfsVersion=2.3.4&smallBlocks=96K").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("smallBlocks"))
                .body("detail", containsString("power of two from 1K to 1M"));
        given().when().get("/recommend?role=special&smallBlocks=32M").then().statusCode(400).body("parameter", equalTo("smallBlocks"));
    }

    @Test
    void openzfsVersionTakesWhatZfsVersionPrints() {
        assertThat(recommend("role=special&openzfsVersion=zfs-2.3.4-1").getString("query.openzfsVersion")).isEqualTo("2.3.4");
        assertThat(recommend("role=special&openzfsVersion=zfs-kmod-2.2.4-pve1").getString("query.openzfsVersion")).isEqualTo("2.2.4");
        assertThat(recommend("role=special&openzfsVersion=2.2.4-pve1").getMap("model.weights")).doesNotContainKey("flush");
        JsonPath rc = recommend("role=special&openzfsVersion=2.4.0-rc1");
        assertThat(rc.getString("query.openzfsVersion")).isEqualTo("2.4.0");
        assertThat(rc.getMap("model.weights")).containsKey("flush");
        given().when().get("/recommend?role=special&openzfsVersion=zfs-next").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("openzfsVersion"))
                .body("detail", containsString("zfs-kmod-2.2.4-pve1")).body("detail", containsString("2.4.0-rc1"));
    }

    @Test
    void theWorkloadSaysWhatIsSynchronousAndWhenALogWillNotHelp() {
        assertThat(notes(recommend("role=slog&workload=smb"))).anySatisfy(n -> assertThat(n).startsWith("workload=smb")
                .contains("will not help ordinary SMB file copies").contains("Samba 4.7.0"));
        assertThat(notes(recommend("role=slog&workload=nfs-vm"))).anySatisfy(n -> assertThat(n).contains("ESXi sets the O_SYNC flag"));
        assertThat(notes(recommend("role=slog&workload=iscsi"))).anySatisfy(n -> assertThat(n).contains("sync=always")
                .contains("FUA flag"));
        assertThat(notes(recommend("role=slog&workload=database"))).anySatisfy(n -> assertThat(n).contains("each commit"));
        assertThat(recommend("role=slog").getString("query.workload")).isEqualTo("general");
        given().when().get("/recommend?role=slog&workload=backup").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("workload"))
                .body("allowed", hasItems("nfs-vm", "iscsi", "smb", "database", "general"));
    }

    @Test
    void onAnSsdPoolTheAnswerSaysHowLittleALogGainsByTheModelsNumbers() {
        JsonPath ssd = recommend("role=slog&poolMedia=ssd");
        assertThat(notes(ssd)).anySatisfy(n -> assertThat(n).startsWith("poolMedia=ssd").contains("4,283").contains("a gain of 0.5% to 10.8%"));
        assertThat(ssd.getList("model.assumptions", String.class)).anySatisfy(a -> assertThat(a).contains("assumed, not measured"));
        assertThat(notes(recommend("role=slog"))).anySatisfy(n -> assertThat(n).contains("110 sync IOPS with no log"));
        given().when().get("/recommend?role=slog&poolMedia=tape").then().statusCode(400)
                .body("parameter", equalTo("poolMedia")).body("allowed", hasItems("hdd", "ssd"));
    }

    @Test
    void aPeakAboveWhatSataCarriesIsWarnedAboutAndOneStreamIsNamedAsTheUsualLimit() {
        JsonPath r = recommend("role=slog&interface=sata&peakSyncMBps=800");
        assertThat(r.getList("results")).isNotEmpty();
        assertThat(r.getList("results[0].warnings", String.class)).anySatisfy(w -> assertThat(w).contains("SATA carries about 550 MB/s"));
        assertThat(notes(r)).anySatisfy(n -> assertThat(n).contains("One ZIL stream often limits a single client"));
        assertThat(recommend("role=slog&interface=sata&peakSyncMBps=100").getList("results[0].warnings", String.class))
                .noneSatisfy(w -> assertThat(w).contains("SATA carries"));
        given().when().get("/recommend?role=slog&peakSyncMBps=fast").then().statusCode(400).body("parameter", equalTo("peakSyncMBps"));
    }

    @Test
    void aSpecialVdevAnswerCarriesTheCaveatsAnExpertAdds() {
        List<String> mirror = notes(recommend("role=special&layout=mirror"));
        assertThat(mirror).anySatisfy(n -> assertThat(n).contains("all top-level vdevs have the same ashift size"))
                .anySatisfy(n -> assertThat(n).contains("existing metadata and small blocks stay on the data vdevs").contains("zfs rewrite"))
                .anySatisfy(n -> assertThat(n).contains("may be RAIDZ"))
                .anySatisfy(n -> assertThat(n).contains("dedup table goes to the special vdev unless the pool has a dedup vdev"));
        List<String> older = notes(recommend("role=special&layout=raidz2&openzfsVersion=2.3"));
        assertThat(older).noneSatisfy(n -> assertThat(n).contains("may be RAIDZ"))
                .noneSatisfy(n -> assertThat(n).contains("same ashift"))
                .anySatisfy(n -> assertThat(n).contains("zfs rewrite, which rewrites in place, arrives in OpenZFS 2.3.4"));
        given().when().get("/recommend?role=special&layout=raidz2").then().statusCode(200)
                .body("results[0].warnings", hasItem(containsString("metadata keeps going to it until it is full")));
    }

    @Test
    void aQuestionTheCatalogCannotAnswerSaysWhy() {
        JsonPath sas = recommend("role=slog&interface=sas");
        assertThat(sas.getList("results")).isEmpty();
        assertThat(notes(sas).get(0)).isEqualTo("No result: the catalog holds no drive for interface=sas, so there is nothing to rank; "
                + "ask for another interface.");
    }

    @Test
    void dedupAndCacheAreRolesWithTheirOwnParametersAndWeights() {
        JsonPath dedup = recommend("role=dedup&layout=raidz2&width=6&ddtGib=20&spares=1");
        assertThat(dedup.getString("query.role")).isEqualTo("dedup");
        assertThat(dedup.getInt("query.spares")).isEqualTo(1);
        assertThat(dedup.getList("results.setSize", Integer.class)).isNotEmpty().containsOnly(4);
        assertThat(dedup.getMap("model.weights")).containsOnlyKeys("plp", "endurance", "price", "room");
        JsonPath cache = recommend("role=cache&limit=3");
        assertThat(cache.getMap("model.weights")).containsOnlyKeys("endurance", "price");
        assertThat(cache.getList("results.setSize")).containsOnlyNulls();
        given().when().get("/recommend?role=cache&ddtGib=5").then().statusCode(400).body("parameter", equalTo("ddtGib"))
                .body("detail", containsString("applies to role=dedup only"));
        given().when().get("/recommend?role=dedup&layout=draid2&width=10&draidData=9").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("draidData"));
        given().when().get("/recommend?role=special&width=300").then().statusCode(400).body("parameter", equalTo("width"));
    }
}
