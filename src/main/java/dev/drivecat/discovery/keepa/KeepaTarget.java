package dev.drivecat.discovery.keepa;

import java.util.Currency;

/**
 * A Keepa domain as drivecat reads it: its drivecat marketplace (scrapers/amazon.yaml) and that marketplace's currency,
 * whose minor digits scale Keepa's integer prices (cents for USD, none for JPY).
 */
record KeepaTarget(KeepaDomain domain, String marketplace, String currency) {

    int minorDigits() {
        return Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
    }
}
