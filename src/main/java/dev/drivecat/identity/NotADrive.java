package dev.drivecat.identity;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What makes a listing something other than one drive: a lot or a multi-pack, a bundle, a
 * computer, a storage shelf, a hard disk, a memory module, a caddy, tray, enclosure, adapter or
 * cable sold alone, a drive for parts or not working, an empty box, or a listing of several
 * capacities. Each is said in the words the title uses. Pure; the text is {@link Words#plain}.
 */
final class NotADrive {

    private NotADrive() {
    }

    private static final String B = "(?<![\\p{L}\\p{N}])";
    private static final String E = "(?![\\p{L}\\p{N}])";

    /** A kind of thing that is no drive; {@code unlessWith}: not when the title sells a drive "with" it. */
    private record Rule(String what, Pattern pattern, boolean unlessWith) {
        Rule(String what, Pattern pattern) {
            this(what, pattern, false);
        }
    }

    /** Packs and lots: a count of 2 or more in group "n" (or none: a lot of any size). */
    private static final List<Pattern> COUNTED = List.of(
            Pattern.compile(B + "(?<n>\\d{1,3})\\s?-?\\s?(?:pack|pk|pcs|pieces|stück|stk|шт|штук|pz|pezzi|db|darab|er-pack|er\\s?pack)" + E),
            Pattern.compile(B + "(?:pack|lot|set|kit|box|case)\\s+of\\s+(?<n>\\d{1,3})" + E),
            Pattern.compile(B + "(?<n>\\d{1,2})\\s?x\\s?\\d{1,5}(?:[.,]\\d{1,3})?\\s?(?:gb|tb|гб|тб)" + E),
            Pattern.compile(B + "qty\\.?\\s*\\(?\\s*(?<n>\\d{1,3})"),
            Pattern.compile(B + "(?<n>\\d{1,2})\\s?[x×]\\s+(?=\\p{L})"),
            Pattern.compile(B + "(?:диск\\w*|drives?|ssds?|hdds?|накопичувач\\w*|накопител\\w*)\\s*x\\s?(?<n>\\d{1,3})" + E));

    /** A drive for parts or not working, in the marketplaces' languages; also read in condition wording ({@link ForPartsWords}). */
    static final Pattern FOR_PARTS = Pattern.compile(B + "(?:for\\s+parts|parts\\s+only|not\\s+working|non[\\s-]?working|defective|faulty|"
            + "broken|bricked|untested|defekt|für\\s+bastler|ersatzteil\\w*|pour\\s+pièces|hors\\s+service|ne\\s+fonctionne|per\\s+ricambi|"
            + "non\\s+funzionante|guasto|на\\s+запчаст\\w*|не\\s+работа\\w*|не\\s+працю\\w*|неробоч\\w*|нерабоч\\w*|hibás|alkatrésznek)" + E);

    private static final List<Rule> RULES = List.of(
            new Rule("a lot of drives", Pattern.compile(B + "(?:lot|lots|job\\s?lot|konvolut|lotto|партія|партия|ростовк\\w*)" + E)),
            new Rule("a bundle (the drive with other items)", Pattern.compile(B + "(?:bundle|bundled|комплект|набор)" + E)),
            new Rule("a computer with a drive (its processor or memory is listed)", Pattern.compile(B
                    + "(?:xeon|epyc|opteron|core\\s?i[3579]|ryzen|pentium|celeron|athlon|\\d{1,2}-core|cpu|ipod|iphone|ipad|macbook|chromebook)" + E)),
            new Rule("a storage shelf or server chassis", Pattern.compile(B + "(?:shelf|chassis|barebone|jbod|\\d{1,2}[\\s-]?bay|rails?\\s*,\\s*bezel)" + E)),
            new Rule("a memory module", Pattern.compile(B + "(?:ddr[2345]|so-?dimm|u?dimm|rdimm|lrdimm|pc[345]-\\d{4,5})" + E)),
            new Rule("for parts or not working", FOR_PARTS),
            new Rule("an empty box", Pattern.compile(B + "(?:empty\\s+box|box\\s+only|only\\s+(?:the\\s+)?box|leere\\s+(?:ovp|verpackung|box)|boîte\\s+vide|"
                    + "scatola\\s+vuota|пуст\\w*\\s+коробк\\w*|только\\s+коробка|тільки\\s+коробка|коробка\\s+(?:від|от|без))" + E)),
            new Rule("an enclosure, adapter or cable (no drive)", Pattern.compile(B + "(?:enclosures?|gehäuse|boîtier|корпус|кишен\\w*|карман\\w*|"
                    + "adapters?|adaptor|adattatore|адаптер\\w*|переходник\\w*|перехідник\\w*|cables?|кабел\\w*|câble|cavo|docking|dock|"
                    + "sata-usb|usb-sata|usb\\s+to\\s+sata|sata\\s+to\\s+usb)" + E), true));

    /** Things sold with a drive or alone: alone, they are no drive. */
    private static final Pattern PART = Pattern.compile(B + "(?:caddy|caddies|tray|trays|sled|sleds|bracket|brackets|heat\\s?sink|heatsinks|"
            + "салазки|кошик|корзин\\w*|лоток|rahmen|wechselrahmen|support|supporto|keret|радиатор|радіатор)" + E);
    private static final Pattern WITH_BEFORE = Pattern.compile("(?<![\\p{L}\\p{N}])(?:with|w/|incl\\.?|including|inkl\\.?|mit|avec|con|con\\s+il|з|с|со|із|в|in|\\+|&)"
            + "(?:\\s+\\S+){0,3}\\s*$");
    /** A model or capacity after "for" says what a part fits: "Caddy for Intel S4510". */
    private static final Pattern HDD_SPEED = Pattern.compile(B + "(?:\\d{4,5}\\s?rpm|(?:7\\.2|10|15)k)" + E);
    private static final Pattern HDD_WORDS = Pattern.compile(B + "(?:hdd|hdds|hard\\s+drives?|hard\\s+disks?|festplatte\\w*|disque\\s+dur|disco\\s+rigido|"
            + "жорстк\\w*\\s+диск\\w*|жестк\\w*\\s+диск\\w*|винчестер\\w*|merevlemez\\w*)" + E);
    private static final Pattern FLASH_WORDS = Pattern.compile(B + "(?:ssds?|solid[\\s-]+state|nvme|optane|flash|твердотіл\\w*|твердотел\\w*|"
            + "накопичувач\\w*\\s+ssd|ssd-накопичувач\\w*|ssd-накопител\\w*)" + E);
    private static final Pattern RAM_SPEC = Pattern.compile(B + "\\d{1,3}\\s?gb\\s?(?:ram|ddr\\d?|lpddr\\d?|memory|unified)" + E);
    private static final Pattern SCREEN_OR_GPU = Pattern.compile(B + "(?:\\d{2}(?:[.,]\\d)?\\s?(?:\"|''|inch)|\\d{2,3}\\s?hz|wqxga|qhd|fhd|oled|"
            + "rtx|gtx|radeon|geforce|graphics)" + E);
    private static final Pattern CAPACITY_RANGE = Pattern.compile(B + "\\d{1,5}\\s?(?:gb|tb|гб|тб)\\s?(?:-|to|до|bis|a)\\s?\\d{1,5}\\s?(?:gb|tb|гб|тб)" + E);

    /**
     * Every pattern above that can tell a text is no drive, as one: a text it finds nothing in
     * passes them all, read once instead of a dozen times (most titles are drives).
     */
    private static final Pattern ANY = anyOf(Stream.of(COUNTED.stream(), RULES.stream().map(Rule::pattern),
            Stream.of(HDD_SPEED, HDD_WORDS, RAM_SPEC, PART, CAPACITY_RANGE)).flatMap(x -> x).toList());

    private static Pattern anyOf(List<Pattern> patterns) {
        StringBuilder bodies = new StringBuilder();
        for (Pattern p : patterns) {
            String body = p.pattern().replace("(?<n>", "(?:");
            if (!body.startsWith(B)) {
                throw new IllegalStateException("a pattern of NotADrive does not start at a word: " + body);
            }
            bodies.append(bodies.isEmpty() ? "" : "|").append(body, B.length(), body.length());
        }
        return Pattern.compile(B + "(?:" + bodies + ")");
    }

    /**
     * Why the text is not one drive, or empty when it may be one.
     *
     * @param plain the text, {@link Words#plain}
     * @param capacities the capacities it states
     */
    static Optional<String> why(String plain, List<StatedCapacity> capacities) {
        if (!ANY.matcher(plain).find()) {
            return severalCapacities(capacities);
        }
        for (Pattern p : COUNTED) {
            Matcher m = p.matcher(plain);
            while (m.find()) {
                int n = Integer.parseInt(m.group("n"));
                if (n >= 2) {
                    return Optional.of("a multi-pack or lot of " + n + " (\"" + m.group().strip() + "\")");
                }
            }
        }
        for (Rule r : RULES) {
            Matcher m = r.pattern().matcher(plain);
            while (m.find()) {
                if (!r.unlessWith() || !WITH_BEFORE.matcher(plain.substring(0, m.start())).find()) {
                    return Optional.of(r.what() + " (\"" + m.group().strip() + "\")");
                }
            }
        }
        Matcher speed = HDD_SPEED.matcher(plain);
        if (speed.find()) {
            return Optional.of("a hard disk drive (\"" + speed.group() + "\")");
        }
        Matcher hdd = HDD_WORDS.matcher(plain);
        if (hdd.find() && !FLASH_WORDS.matcher(plain).find()) {
            return Optional.of("a hard disk drive (\"" + hdd.group() + "\")");
        }
        if (RAM_SPEC.matcher(plain).find() && SCREEN_OR_GPU.matcher(plain).find()) {
            return Optional.of("a computer with a drive (its memory and screen or graphics are listed)");
        }
        Matcher part = PART.matcher(plain);
        while (part.find()) {
            String after = plain.substring(part.end(), Math.min(plain.length(), part.end() + 24));
            boolean forSomething = Vocabulary.FOR.matcher(after).lookingAt() || after.matches("(?s)^\\s*\\S*\\s+(?:for|für|для|pour|per)\\b.*");
            boolean withDrive = WITH_BEFORE.matcher(plain.substring(0, part.start())).find();
            if (!withDrive && (forSomething || capacities.isEmpty())) {
                return Optional.of("a " + part.group() + " sold alone (\"" + part.group() + "\")");
            }
        }
        Matcher range = CAPACITY_RANGE.matcher(plain);
        if (range.find()) {
            return Optional.of("several capacities (\"" + range.group() + "\")");
        }
        return severalCapacities(capacities);
    }

    private static Optional<String> severalCapacities(List<StatedCapacity> capacities) {
        long distinct = capacities.stream().map(c -> c.gb().stripTrailingZeros()).distinct().count();
        return distinct >= 3 ? Optional.of("a listing of " + distinct + " capacities") : Optional.empty();
    }
}
