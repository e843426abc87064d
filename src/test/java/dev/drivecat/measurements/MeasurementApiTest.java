package dev.drivecat.measurements;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.drivecat.testing.WritesData;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** POST /admin/measurements: published sync-write benchmarks as data, and what they change in /recommend. */
@QuarkusTest
@TestProfile(WritesData.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MeasurementApiTest {

    static final String FORUM = "https://forum.example.org/threads/slog-benchmarks.1234/";

    @Inject
    AgroalDataSource dataSource;

    long measurements() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM measurement")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    @Order(1)
    void refusesWhatIsNotA4kSyncWriteMeasurementAndStoresNothing() throws SQLException {
        long before = measurements();
        admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-seek-times-only.txt"))
                .queryParam("url", FORUM).queryParam("drive", "samsung-990-pro-2tb-m2")
                .when().post("/admin/measurements").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("diskinfo -wS")).body("detail", containsString("Nothing was stored"));
        admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-no-4k-row.txt"))
                .queryParam("url", FORUM).queryParam("drive", "samsung-990-pro-2tb-m2")
                .when().post("/admin/measurements").then().statusCode(400).body("detail", containsString("no 4 kbytes row"));
        admin().contentType("application/json").body(MeasurementOutputTest.fixture("fio-async-randwrite.json"))
                .queryParam("url", FORUM).queryParam("drive", "samsung-990-pro-2tb-m2")
                .when().post("/admin/measurements").then().statusCode(400).body("detail", containsString("iodepth=32"));
        admin().contentType("application/json").body("{\"jobs\": [ {")
                .queryParam("url", FORUM).queryParam("drive", "samsung-990-pro-2tb-m2")
                .when().post("/admin/measurements").then().statusCode(400).contentType("application/problem+json");
        assertThat(measurements()).isEqualTo(before);
    }

    @Test
    @Order(2)
    void needsAUrlAndADriveItCanName() throws SQLException {
        long before = measurements();
        admin().contentType("application/json").body(MeasurementOutputTest.fixture("fio-sync-write.json"))
                .queryParam("drive", "samsung-990-pro-2tb-m2")
                .when().post("/admin/measurements").then().statusCode(400).body("parameter", equalTo("url"));
        admin().contentType("application/json").body(MeasurementOutputTest.fixture("fio-sync-write.json"))
                .queryParam("url", "ftp://files.example/out.json").queryParam("drive", "samsung-990-pro-2tb-m2")
                .when().post("/admin/measurements").then().statusCode(400).body("parameter", equalTo("url"));
        // fio names no model: the drive must be given
        admin().contentType("application/json").body(MeasurementOutputTest.fixture("fio-sync-write.json")).queryParam("url", FORUM)
                .when().post("/admin/measurements").then().statusCode(400).body("parameter", equalTo("drive"))
                .body("detail", containsString("names no model"));
        admin().contentType("application/json").body(MeasurementOutputTest.fixture("fio-sync-write.json")).queryParam("url", FORUM)
                .queryParam("drive", "no-such-drive")
                .when().post("/admin/measurements").then().statusCode(400).body("parameter", equalTo("drive"));
        // the output names the P1600X 58GB's part number: it cannot be filed under another drive
        admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-p1600x-58gb.txt")).queryParam("url", FORUM)
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .when().post("/admin/measurements").then().statusCode(400)
                .body("candidates", contains("intel-optane-p1600x-58gb-m2"));
        given().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-p1600x-58gb.txt")).queryParam("url", FORUM)
                .when().post("/admin/measurements").then().statusCode(401);
        // a part number the catalog does not hold (made up for the test): the candidates are the maker's drives of
        // the capacity diskinfo prints
        admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-samsung-unknown-240gb.txt")).queryParam("url", FORUM)
                .when().post("/admin/measurements").then().statusCode(400).contentType("application/problem+json")
                .body("parameter", equalTo("drive"))
                .body("candidates", hasItem("samsung-pm893-240gb-sata"))
                .body("detail", containsString("MZ7LX240QQQQ-00000"));
        assertThat(measurements()).isEqualTo(before);
    }

    @Test
    @Order(3)
    void findsTheDriveByThePartNumberDiskinfoPrintsAndStoresItOnce() {
        JsonPath created = admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-p1600x-58gb.txt"))
                .queryParam("url", FORUM).queryParam("measuredAt", "2026-11-20")
                .when().post("/admin/measurements").then().statusCode(201).extract().jsonPath();
        assertThat(created.getString("measurement.drive")).isEqualTo("intel-optane-p1600x-58gb-m2");
        assertThat(created.getString("matchedBy")).contains("SSDPEK1A058GA");
        assertThat(created.getDouble("measurement.latencyUs")).isEqualTo(14.2);
        assertThat(created.getString("measurement.rawLine")).startsWith("4 kbytes:");
        assertThat(created.getBoolean("created")).isTrue();

        admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-p1600x-58gb.txt")).queryParam("url", FORUM)
                .when().post("/admin/measurements").then().statusCode(200).body("created", equalTo(false))
                .body("measurement.id", equalTo(created.getInt("measurement.id")));

        given().when().get("/drives/intel-optane-p1600x-58gb-m2").then().statusCode(200)
                .body("measurements.sourceUrl", hasItem(FORUM))
                .body("measurements.find { it.sourceUrl == '" + FORUM + "' }.tool", equalTo("diskinfo"));
        // and a person sees it on the drive's page, with the line it came from and a link to where it was published
        org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(given().accept("text/html").when().get("/drives/intel-optane-p1600x-58gb-m2")
                .then().statusCode(200).extract().asString());
        org.jsoup.nodes.Element measured = page.select("ul.measurements li").stream()
                .filter(li -> !li.select("a[href=" + FORUM + "]").isEmpty()).findFirst().orElseThrow();
        assertThat(measured.text()).startsWith("14.2 µs (diskinfo, 4K sync-write)").contains("4 kbytes:").contains("20 Nov 2026");
    }

    @Test
    @Order(4)
    void aMeasurementChangesTheRankingAndTheBasisSaysMeasured() {
        JsonPath before = given().when().get("/recommend?role=slog&interface=m2").then().statusCode(200).extract().jsonPath();
        assertThat(before.getString("results[0].drive.slug")).isEqualTo("micron-7450-pro-480gb-m2");
        assertThat(before.getString("results[0].flush.evidence")).isEqualTo("vendor-stated");

        // a published fio run in which every flush of the 480GB waits about 3 ms
        JsonPath stored = admin().contentType("application/json").body(MeasurementOutputTest.fixture("fio-fsync-randwrite.json"))
                .queryParam("url", FORUM).queryParam("drive", "micron-7450-pro-480gb-m2")
                .when().post("/admin/measurements").then().statusCode(201).extract().jsonPath();

        JsonPath after = given().when().get("/recommend?role=slog&interface=m2").then().statusCode(200).extract().jsonPath();
        assertThat(after.getString("results[0].drive.slug")).isEqualTo("micron-7450-pro-960gb-m2");
        assertThat(after.getString("results.find { it.drive.slug == 'micron-7450-pro-480gb-m2' }.flush.evidence")).isEqualTo("measured");
        assertThat(after.getString("results.find { it.drive.slug == 'micron-7450-pro-480gb-m2' }.flush.basis"))
                .startsWith("measured").contains("slog-test");
        assertThat(after.getDouble("results.find { it.drive.slug == 'micron-7450-pro-480gb-m2' }.flush.latencyUs"))
                .isEqualTo(3001.2);

        admin().when().delete("/admin/measurements/" + stored.getInt("measurement.id")).then().statusCode(204);
        admin().when().delete("/admin/measurements/" + stored.getInt("measurement.id")).then().statusCode(404)
                .contentType("application/problem+json");
        given().when().get("/recommend?role=slog&interface=m2").then().statusCode(200)
                .body("results[0].drive.slug", equalTo("micron-7450-pro-480gb-m2"));
    }

    @Test
    @Order(5)
    void aPm893DiskinfoIsFiledUnderThePm893240GbByItsModelString() {
        JsonPath created = admin().contentType("text/plain").body(MeasurementOutputTest.fixture("diskinfo-samsung-mz7l3240-240gb.txt"))
                .queryParam("url", FORUM).when().post("/admin/measurements").then().statusCode(201).extract().jsonPath();
        assertThat(created.getString("measurement.drive")).isEqualTo("samsung-pm893-240gb-sata");
        assertThat(created.getString("matchedBy")).contains("MZ7L3240HCHQ-00A07");
        assertThat(created.getDouble("measurement.latencyUs")).isEqualTo(58.4);
    }
}
