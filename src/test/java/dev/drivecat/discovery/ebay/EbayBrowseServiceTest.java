package dev.drivecat.discovery.ebay;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.drivecat.database.ApiCalls;
import dev.drivecat.database.HostSlots;
import dev.drivecat.discovery.DiscoveryService;
import dev.drivecat.discovery.SearchQuery;
import dev.drivecat.discovery.SearchSource;
import dev.drivecat.discovery.SearchSource.SearchFailure;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.testing.LocalMarketplaces;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Browse API source in the service: the bean as the profile configures it (keys, the API on loopback), and two
 * instances of it sharing the daily budget and the host's pacing through PostgreSQL.
 */
@QuarkusTest
@TestProfile(LocalMarketplaces.class)
class EbayBrowseServiceTest {

    @Inject
    EbayBrowse browse;

    @Inject
    SiteDefinitions sites;

    @Inject
    DiscoveryService discovery;

    @Inject
    ApiCalls calls;

    @Inject
    HostSlots slots;

    @RegisterExtension
    static final WireMockExtension ebay = EbayBrowseSourceTest.localEbay();

    @Test
    void withKeysTheConfiguredMarketplaceIsAUsableSource() {
        assertThat(browse.sources()).extracting(SearchSource::name).containsExactly("ebay-browse:ebay-us");
        assertThat(browse.sources().get(0).unusable()).isEmpty();
    }

    @Test
    void discoveryListsEbaysSourcesFirstThenKeepasThenTheSearchPages() {
        List<String> names = List.copyOf(discovery.sources().keySet());
        assertThat(names.get(0)).isEqualTo("ebay-browse:ebay-us");
        assertThat(names.subList(1, names.size())).noneMatch(name -> name.startsWith(EbayBrowse.NAME));
        assertThat(names.stream().filter(name -> name.startsWith("keepa:")).map(names::indexOf))
                .as("Keepa's sources, ahead of every search page").isNotEmpty()
                .allSatisfy(i -> assertThat(names.subList(1, i)).allMatch(name -> name.startsWith("keepa:")));
    }

    @Test
    void twoInstancesShareTheDailyBudgetAndTheHostsPacing() throws Exception {
        ebay.stubFor(post(urlPathEqualTo(EbayBrowseSourceTest.TOKEN)).willReturn(okJson(ItemSummaryReaderTest.fixtureText("token.json"))));
        ebay.stubFor(get(urlPathEqualTo(EbayBrowseSourceTest.SEARCH)).willReturn(okJson(ItemSummaryReaderTest.fixtureText("search-empty.json"))));
        String base = "http://127.0.0.1:" + ebay.getPort();
        int before = calls.today(EbayBrowse.NAME);
        // a short interval, so that pacing shows without slowing the test
        EbayBrowseSourceTest.TestEbay config = EbayBrowseSourceTest.TestEbay.at(base).withBudget(before + 3).withInterval(Duration.ofMillis(100));
        List<Duration> waitsOfA = new CopyOnWriteArrayList<>();
        List<Duration> waitsOfB = new CopyOnWriteArrayList<>();
        SearchSource a = instance(config, waitsOfA);
        SearchSource b = instance(config, waitsOfB);
        SearchQuery query = EbayBrowseSourceTest.QUERY;

        a.search(query, 0);
        a.search(query, 0);
        b.search(query, 0);
        assertThat(calls.today(EbayBrowse.NAME)).isEqualTo(before + 3);
        assertThatThrownBy(() -> b.search(query, 0)).isInstanceOfSatisfying(SearchFailure.class,
                failure -> assertThat(failure.kind()).isEqualTo(SearchFailure.Kind.BUDGET));
        assertThat(ebay.findAll(getRequestedFor(urlPathEqualTo(EbayBrowseSourceTest.SEARCH)))).hasSize(3);
        assertThat(waitsOfB).as("b waits for the slots a reserved").isNotEmpty().allSatisfy(wait -> assertThat(wait).isPositive());
    }

    private SearchSource instance(EbayBrowseSourceTest.TestEbay config, List<Duration> waits) {
        EbayBrowse instance = new EbayBrowse(config, true, "drivecat/test", sites, calls, slots, new SimpleMeterRegistry(),
                Clock.systemUTC(), waits::add, EbayHttp.Limits.DEFAULT);
        return instance.sources().get(0);
    }
}
