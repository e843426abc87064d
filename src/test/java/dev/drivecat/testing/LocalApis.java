package dev.drivecat.testing;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link LocalMarketplaces} with the official APIs' secrets set: a Keepa key (so Keepa's domain is a discovery source and
 * watched Amazon pages are read through Keepa on the marketplace server) and the verification token of eBay's account
 * deletion notifications. A profile of its own, since the key changes how Amazon pages are read.
 */
public class LocalApis extends LocalMarketplaces {

    /** A key of no real subscription, long and random-looking like a real one, so that a leak is found by searching for it. */
    public static final String KEEPA_KEY = "kq7t3v9x1b5n8m2c4z6l0p9o8i7u6y5t4r3e2w1q0a9s8d7f6g5h4j3k2l1";
    /** The verification token registered for the notifications (eBay: 32 to 80 characters). */
    public static final String EBAY_VERIFICATION_TOKEN = "drivecat-test-verification-token-4f9c2a7e1b8d3f6a";
    /** The address the service is reached at from outside, as eBay would call it. */
    public static final String PUBLIC_BASE_URL = "https://drivecat.example.org";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(super.getConfigOverrides());
        overrides.put("drivecat.keepa.key", KEEPA_KEY);
        // every catalog drive is a query of 10 tokens: a day's budget of several runs
        overrides.put("drivecat.keepa.daily-tokens", "1000000");
        overrides.put("drivecat.ebay.verification-token", EBAY_VERIFICATION_TOKEN);
        overrides.put("drivecat.public-base-url", PUBLIC_BASE_URL);
        return overrides;
    }
}
