package dev.drivecat.discovery.keepa;

import java.util.Arrays;
import java.util.Optional;

/**
 * Keepa's domain ids and the Amazon host each stands for (Keepa's {@code AmazonLocale}: 1 .com, 2 .co.uk, 3 .de, 4 .fr,
 * 5 .co.jp, 6 .ca, 8 .it, 9 .es, 10 .in, 11 .com.mx; 7 was .cn and is no longer served). drivecat's marketplace of a
 * domain is the one scrapers/amazon.yaml gives its host.
 */
enum KeepaDomain {
    COM(1, "www.amazon.com"),
    CO_UK(2, "www.amazon.co.uk"),
    DE(3, "www.amazon.de"),
    FR(4, "www.amazon.fr"),
    CO_JP(5, "www.amazon.co.jp"),
    CA(6, "www.amazon.ca"),
    IT(8, "www.amazon.it"),
    ES(9, "www.amazon.es"),
    IN(10, "www.amazon.in"),
    COM_MX(11, "www.amazon.com.mx");

    final int id;
    final String host;

    KeepaDomain(int id, String host) {
        this.id = id;
        this.host = host;
    }

    static Optional<KeepaDomain> of(int id) {
        return Arrays.stream(values()).filter(d -> d.id == id).findFirst();
    }

    /** The product page of an ASIN on this domain's Amazon. */
    String productPage(String asin) {
        return "https://" + host + "/dp/" + asin;
    }
}
