package dev.drivecat.discovery.keepa;

import dev.drivecat.testing.TestResources;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Keepa answers of src/test/resources/fixtures/keepa, their {@code "@now-N@"} times made Keepa minutes N minutes before {@code now}. */
final class KeepaFixtures {

    private static final Pattern NOW = Pattern.compile("\"@now-(\\d+)@\"");

    private KeepaFixtures() {
    }

    static long keepaMinute(Instant at) {
        return at.getEpochSecond() / 60 - KeepaProducts.KEEPA_EPOCH_MINUTES;
    }

    static String answer(String name, Instant now) {
        String text = TestResources.text("fixtures/keepa/" + name);
        Matcher m = NOW.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Long.toString(keepaMinute(now) - Long.parseLong(m.group(1))));
        }
        return m.appendTail(out).toString();
    }
}
