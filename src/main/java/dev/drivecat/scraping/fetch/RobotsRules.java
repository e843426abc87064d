package dev.drivecat.scraping.fetch;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The rules of one robots.txt for one product token, per RFC 9309: the groups naming the token
 * (case-insensitively) are merged, else the {@code *} groups; the longest matching allow or
 * disallow pattern wins, allow on a tie; {@code *} matches any run of characters and a final
 * {@code $} anchors the end. No rule matching means allowed. Pure: parsing does no I/O.
 */
final class RobotsRules {

    private record Rule(boolean allow, String pattern) {
    }

    private static final class Group {
        final Set<String> agents = new LinkedHashSet<>();
        final List<Rule> rules = new ArrayList<>();
    }

    static final RobotsRules ALLOW_ALL = new RobotsRules(List.of());
    static final RobotsRules DISALLOW_ALL = new RobotsRules(List.of(new Rule(false, "/")));

    private final List<Rule> rules;

    private RobotsRules(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Parses robots.txt text and keeps the rules that apply to {@code productToken}. */
    static RobotsRules parse(String text, String productToken) {
        String token = productToken.toLowerCase(Locale.ROOT);
        List<Group> groups = new ArrayList<>();
        Group current = null;
        boolean inAgentLines = false;
        String content = text.startsWith("\uFEFF") ? text.substring(1) : text;
        for (String rawLine : content.split("\r\n|\r|\n")) {
            int hash = rawLine.indexOf('#');
            String line = (hash >= 0 ? rawLine.substring(0, hash) : rawLine).strip();
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String key = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            switch (key) {
                case "user-agent" -> {
                    if (current == null || !inAgentLines) {
                        current = new Group();
                        groups.add(current);
                    }
                    current.agents.add(agentToken(value));
                    inAgentLines = true;
                }
                case "allow", "disallow" -> {
                    if (current != null) {
                        // an empty Disallow allows everything, i.e. adds no rule
                        if (!value.isEmpty()) {
                            current.rules.add(new Rule(key.equals("allow"), normalise(value)));
                        }
                        inAgentLines = false;
                    }
                }
                default -> {
                    // sitemap, crawl-delay and unknown keys neither belong to nor end a group
                }
            }
        }
        List<Rule> rules = rulesFor(groups, token);
        if (rules == null) {
            rules = rulesFor(groups, "*");
        }
        return new RobotsRules(rules == null ? List.of() : rules);
    }

    private static List<Rule> rulesFor(List<Group> groups, String agent) {
        List<Rule> merged = null;
        for (Group group : groups) {
            if (group.agents.contains(agent)) {
                if (merged == null) {
                    merged = new ArrayList<>();
                }
                merged.addAll(group.rules);
            }
        }
        return merged;
    }

    /** The product token of a user-agent line: letters, '_' and '-' up to anything else ("drivecat/1.0" → "drivecat"). */
    private static String agentToken(String value) {
        if (value.startsWith("*")) {
            return "*";
        }
        int end = 0;
        while (end < value.length()) {
            char c = value.charAt(end);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-')) {
                break;
            }
            end++;
        }
        return value.substring(0, end).toLowerCase(Locale.ROOT);
    }

    /** Whether the path (with its query, as sent) may be fetched. */
    boolean allows(String pathAndQuery) {
        if ("/robots.txt".equals(pathAndQuery)) {
            return true;
        }
        String path = normalise(pathAndQuery.isEmpty() ? "/" : pathAndQuery);
        Rule best = null;
        for (Rule rule : rules) {
            if (matches(rule.pattern(), path)) {
                if (best == null || rule.pattern().length() > best.pattern().length()
                        || rule.pattern().length() == best.pattern().length() && rule.allow()) {
                    best = rule;
                }
            }
        }
        return best == null || best.allow();
    }

    /**
     * One spelling for comparison (RFC 9309 2.2.2): percent-escapes of unreserved characters are
     * decoded, other escapes upper-cased, non-ASCII and control characters percent-encoded as UTF-8.
     */
    static String normalise(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length() && isHex(s.charAt(i + 1)) && isHex(s.charAt(i + 2))) {
                int b = Integer.parseInt(s.substring(i + 1, i + 3), 16);
                if (isUnreserved(b)) {
                    out.append((char) b);
                } else {
                    appendEscaped(out, b);
                }
                i += 3;
            } else if (c > 0x20 && c < 0x7f) {
                out.append(c);
                i++;
            } else {
                int codePoint = s.codePointAt(i);
                for (byte b : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
                    appendEscaped(out, b & 0xff);
                }
                i += Character.charCount(codePoint);
            }
        }
        return out.toString();
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static boolean isUnreserved(int b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
                || b == '-' || b == '.' || b == '_' || b == '~';
    }

    private static void appendEscaped(StringBuilder out, int b) {
        out.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
    }

    /**
     * Pattern match with {@code *} wildcards; the pattern matches a prefix of the path unless it
     * ends in {@code $}. Greedy with backtracking to the last {@code *}: O(pattern × path) at worst,
     * never exponential, whatever a hostile robots.txt holds.
     */
    static boolean matches(String pattern, String path) {
        boolean anchored = pattern.endsWith("$");
        String p = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
        int pi = 0;
        int si = 0;
        int star = -1;
        int starMatch = 0;
        while (true) {
            if (pi == p.length()) {
                if (!anchored || si == path.length()) {
                    return true;
                }
            } else if (p.charAt(pi) == '*') {
                star = pi++;
                starMatch = si;
                continue;
            } else if (si < path.length() && p.charAt(pi) == path.charAt(si)) {
                pi++;
                si++;
                continue;
            }
            if (star >= 0 && starMatch < path.length()) {
                pi = star + 1;
                si = ++starMatch;
                continue;
            }
            return false;
        }
    }
}
