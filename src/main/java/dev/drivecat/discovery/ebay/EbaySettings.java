package dev.drivecat.discovery.ebay;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The eBay Browse API, the sanctioned way to search eBay ({@code drivecat.ebay.*}; as environment variables {@code DRIVECAT_EBAY_*}). */
@ConfigMapping(prefix = "drivecat.ebay")
public interface EbaySettings {

    /** The application's client id ({@code DRIVECAT_EBAY_CLIENT_ID}); with the secret, turns on discovery through the Browse API. */
    Optional<String> clientId();

    /** The application's client secret ({@code DRIVECAT_EBAY_CLIENT_SECRET}). */
    Optional<String> clientSecret();

    /** Where the Browse API is. */
    @WithDefault("https://api.ebay.com")
    String apiUrl();

    /** Where application access tokens are had (OAuth client credentials grant). */
    @WithDefault("https://api.ebay.com/identity/v1/oauth2/token")
    String tokenUrl();

    /** The OAuth scope the application token is asked for: the public application scope. */
    @WithDefault("https://api.ebay.com/oauth/api_scope")
    String scope();

    /** The eBay marketplaces searched, by their ids (EBAY_US, EBAY_DE, …); each must be a marketplace of scrapers/ebay.yaml. */
    @WithDefault("EBAY_US")
    List<String> marketplaces();

    /**
     * The eBay category searched in (its Solid State Drives category on the site: look it up with eBay's
     * Taxonomy API); unset: the whole site, and identity sorts out what is a drive.
     */
    Optional<String> categoryId();

    /** Calls to the Browse API per day (UTC) across the cluster; eBay's default allowance is 5,000. */
    @WithDefault("5000")
    int dailyCallBudget();

    /** Results asked for per call (the API allows at most 200). */
    @WithDefault("50")
    @Positive
    int resultsPerCall();

    /** The least time between two calls to the API host, across instances. */
    @WithDefault("PT1S")
    Duration minInterval();

    /**
     * The verification token registered with the keyset's marketplace account deletion notifications
     * ({@code DRIVECAT_EBAY_VERIFICATION_TOKEN}, 32 to 80 characters of letters, digits, underscore and hyphen); unset:
     * /notifications/ebay/account-deletion answers 503, and eBay's challenge fails.
     */
    Optional<String> verificationToken();

    /** How long a public key had from eBay's Notification API is used before it is asked for again. */
    @WithDefault("PT1H")
    Duration publicKeyCacheFor();
}
