package dev.drivecat.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IndexResourceTest {

    @Test
    void theIndexListsItsEndpointsInTheSameOrderOnEveryStart() {
        assertThat(new IndexResource().index().endpoints().keySet()).containsExactly(
                "GET /recommend?role=slog&interface=m2", "GET /drives", "GET /drives/{slug}", "GET /drives/{slug}/prices",
                "GET /offers", "POST /pools/parse");
    }
}
