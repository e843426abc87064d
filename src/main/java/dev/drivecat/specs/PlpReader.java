package dev.drivecat.specs;

import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Power-loss protection wording read into a class, from a row of its own or from the clause of a
 * feature list that names it: yes, no, for one model only, or for data at rest only. Pure.
 */
final class PlpReader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern PLP_PHRASE = Pattern.compile(
            "(?:enhanced\\s+)?power[\\s-]*loss[\\s-]*(?:data[\\s-]*)?(?:protection|imminent|immunity)|power[\\s-]*fail(?:ure)?[\\s-]*protection"
                    + "|(?<![a-z])pl[pi](?![a-z])|защит\\S*\\s+(?:данных\\s+)?от\\s+(?:потери|пропадания|отключения|сбо\\S*)\\s+(?:электро)?питания"
                    + "|掉电保护|断电保护", FLAGS);
    /**
     * Client drives' wording for protection of data at rest only ("Power loss protection for
     * data-at-rest", Crucial's "power loss immunity"): what is already on the flash survives a
     * power cut; the writes in flight in the cache do not.
     */
    private static final Pattern DATA_AT_REST = Pattern.compile(
            "data[\\s-]*at[\\s-]*rest|power[\\s-]*loss[\\s-]*immunity", FLAGS);
    private static final Pattern PLP_YES = Pattern.compile(
            "^(?:yes|y|supported|support|available|included|enabled|standard|true|present|✓|✔|☑|✅|да|есть|поддерживается|是|支持|有)"
                    + "(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    private static final Pattern PLP_NO = Pattern.compile(
            "^(?:no|n|none|not supported|unsupported|not available|not included|false|absent|✗|✘|❌|нет|не поддерживается|否|无|不支持)"
                    + "(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    private static final Pattern NEGATION_BEFORE = Pattern.compile(
            "(?:^|[\\s(])(?:no|without|not|lacks?|нет|без|не|无|不支持|没有)\\s+(?:\\S+\\s+){0,2}$", FLAGS);
    private static final Pattern MODEL_QUALIFIER = Pattern.compile(
            "M\\.2\\s*(?:22\\s*x\\s*(?:42|60|80|110)(?:\\s*mm)?|22(?:42|60|80|110))|U\\.2|U\\.3|E1\\.S|E1\\.L|E3\\.S"
                    + "|2\\.5\\s*(?:\"|-?\\s*inch|in(?![a-z]))|add-in card|HHHL|FHHL|AIC(?![a-z])", FLAGS);

    private PlpReader() {
    }

    static Reading plp(String label, String text) {
        if (SpecUnits.isEmptyMarker(text)) {
            return Reading.token(SpecField.PLP, PlpClass.NOT_STATED.token(), null, "the row is there but says nothing");
        }
        if (PLP_NO.matcher(text).find()) {
            return Reading.token(SpecField.PLP, PlpClass.STATED_NO.token(), null, null);
        }
        boolean yes = PLP_YES.matcher(text).find();
        Matcher phrase = PLP_PHRASE.matcher(text);
        boolean restated = phrase.find();
        if (restated && NEGATION_BEFORE.matcher(text.substring(0, phrase.start())).find()) {
            return Reading.token(SpecField.PLP, PlpClass.STATED_NO.token(), null, null);
        }
        if (DATA_AT_REST.matcher(label).find() || DATA_AT_REST.matcher(text).find()) {
            return Reading.token(SpecField.PLP, PlpClass.DATA_AT_REST_ONLY.token(), null,
                    "protection of data at rest only, not of the writes in flight");
        }
        Matcher qualifier = MODEL_QUALIFIER.matcher(text);
        if (qualifier.find()) {
            return Reading.token(SpecField.PLP, PlpClass.MODEL_SPECIFIC.token(), qualifier.group(), null);
        }
        if (yes || restated) {
            Matcher inLabel = MODEL_QUALIFIER.matcher(label);
            if (yes && inLabel.find()) {
                return Reading.token(SpecField.PLP, PlpClass.MODEL_SPECIFIC.token(), inLabel.group(), "the label names the model");
            }
            return Reading.token(SpecField.PLP, PlpClass.STATED_YES.token(), null, null);
        }
        return Reading.none(SpecField.PLP, "neither yes nor no");
    }

    /**
     * A feature list ("Features: …, Power Loss Protection, …") read for what it says about
     * power-loss protection; empty when it does not mention it.
     */
    static Optional<Reading> mention(String value) {
        String text = SpecUnits.clean(value);
        Matcher phrase = PLP_PHRASE.matcher(text);
        if (!phrase.find()) {
            return Optional.empty();
        }
        String clause = clauseAround(text, phrase.start(), phrase.end());
        int at = clause.toLowerCase(Locale.ROOT).indexOf(phrase.group().toLowerCase(Locale.ROOT));
        String before = at < 0 ? "" : clause.substring(0, at);
        if (NEGATION_BEFORE.matcher(before).find()) {
            return Optional.of(Reading.token(SpecField.PLP, PlpClass.STATED_NO.token(), null, "the feature list says it has none"));
        }
        if (DATA_AT_REST.matcher(clause).find()) {
            return Optional.of(Reading.token(SpecField.PLP, PlpClass.DATA_AT_REST_ONLY.token(), null,
                    "protection of data at rest only, not of the writes in flight"));
        }
        Matcher qualifier = MODEL_QUALIFIER.matcher(clause);
        if (qualifier.find()) {
            return Optional.of(Reading.token(SpecField.PLP, PlpClass.MODEL_SPECIFIC.token(), qualifier.group(),
                    "the feature list names the model it applies to"));
        }
        return Optional.of(Reading.token(SpecField.PLP, PlpClass.STATED_YES.token(), null, "listed among the features"));
    }

    private static String clauseAround(String text, int start, int end) {
        int from = start;
        while (from > 0 && !isClauseBreak(text, from - 1)) {
            from--;
        }
        int to = end;
        while (to < text.length() && !isClauseBreak(text, to)) {
            to++;
        }
        return text.substring(from, to);
    }

    private static boolean isClauseBreak(String text, int i) {
        char c = text.charAt(i);
        if (c == ';' || c == ',' || c == '\n' || c == '•' || c == '|') {
            return true;
        }
        return c == '.' && (i + 1 >= text.length() || Character.isWhitespace(text.charAt(i + 1)));
    }
}
