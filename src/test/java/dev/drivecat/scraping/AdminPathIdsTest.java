package dev.drivecat.scraping;

import static dev.drivecat.testing.Admin.admin;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** An id in the path that is not a number is a bad request that says so, not "No resource". */
@QuarkusTest
class AdminPathIdsTest {

    @Test
    void aScrapeRunIdThatIsNotANumberIsA400ThatSaysSo() {
        admin().when().get("/admin/scrapes/abc")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("parameter", equalTo("id"))
                .body("detail", containsString("id must be a whole number"));
    }

    @Test
    void aWatchedPageIdThatIsNotANumberIsA400ThatSaysSo() {
        admin().when().delete("/admin/listings/abc")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("parameter", equalTo("id"))
                .body("detail", containsString("id must be a whole number"));
    }

    @Test
    void aWholeNumberThatNamesNoRunIsStillA404() {
        admin().when().get("/admin/scrapes/987654321").then().statusCode(404).contentType("application/problem+json");
        admin().when().delete("/admin/listings/987654321").then().statusCode(404).contentType("application/problem+json");
    }
}
