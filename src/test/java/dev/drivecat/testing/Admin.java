package dev.drivecat.testing;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;

/** Requests as the admin of the test profile (token from %test.drivecat.admin-token). */
public final class Admin {

    public static final String TOKEN = "test-admin-token";

    private Admin() {
    }

    public static RequestSpecification admin() {
        return given().header("Authorization", "Bearer " + TOKEN);
    }
}
