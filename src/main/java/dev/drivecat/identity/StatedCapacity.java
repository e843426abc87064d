package dev.drivecat.identity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capacity as a title or a tool states it: "1.92TB", "1920GB", "1,92 ТБ", "480 Go", "/960G",
 * or a byte count. Pure.
 *
 * @param gb the value in decimal GB, as written (1.9 TB is 1900)
 * @param decimals the digits after the decimal mark, as written in its unit ("1.9TB": 1)
 * @param terabytes whether it was written in TB
 * @param words the text that states it
 * @param bytes the byte count a tool printed, or null for a written capacity
 */
record StatedCapacity(BigDecimal gb, int decimals, boolean terabytes, String words, Long bytes) {

    /** A number and a capacity unit, where the number is not part of a code ("SSDPE21K375GA"); "3x240GB" counts. */
    private static final Pattern WRITTEN = Pattern.compile(
            "(?<![\\p{L}&&[^x]]|[\\p{N}.,])(\\d{1,6}(?:[.,]\\d{1,3})?)\\s?(?:(tb|gb|tib|gib|тб|гб)(?!\\p{L})|(to|go)(?![\\p{L}\\p{N}]|\\s*\\d)"
                    + "|(t|g)(?![\\p{L}\\p{N}]))");
    /** What makes a number of GB or TB something else than the drive's capacity: endurance, a rate, memory, a maximum. */
    private static final Pattern NOT_CAPACITY_AFTER = Pattern.compile(
            "^\\s?(?:/\\s?s|ps\\b|it\\b|tbw|pbw|written|ram\\b|memory|ddr|dram|cache|buffer|max\\b|maximum|lpddr|sdram|vram|gddr"
                    + "|tb\\s?tbw|of\\s+(?:ram|memory))");
    /** A maximum ("Max 4TB"), but not a model's variant word ("7450 MAX 800GB"). */
    private static final Pattern NOT_CAPACITY_BEFORE = Pattern.compile(
            "(?:buffer|cache|dram|(?<!\\p{N}\\s)max|maximum|up\\s+to|bis\\s+zu|до)\\s*:?\\s*$");
    /** A SATA or SAS link rate written in Gb ("SATA 6Gb", "SAS 12Gb"), which is no capacity. */
    private static final Pattern LINK_RATE_BEFORE = Pattern.compile("(?:sata|sas)(?:\\s?(?:iii|3|ii|2))?\\s*$");
    private static final java.util.Set<String> LINK_RATES = java.util.Set.of("1.5", "3", "6", "12", "22.5", "24");

    static List<StatedCapacity> in(String plain) {
        List<StatedCapacity> out = new ArrayList<>();
        Matcher m = WRITTEN.matcher(plain);
        while (m.find()) {
            String number = m.group(1);
            String unit = m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(4);
            String after = plain.substring(m.end(), Math.min(plain.length(), m.end() + 16));
            String before = plain.substring(Math.max(0, m.start() - 16), m.start());
            if (NOT_CAPACITY_AFTER.matcher(after).find() || NOT_CAPACITY_BEFORE.matcher(before).find()) {
                continue;
            }
            if ("gb".equals(m.group(2)) && LINK_RATES.contains(number) && LINK_RATE_BEFORE.matcher(before).find()) {
                continue;
            }
            boolean single = unit.length() == 1;
            BigDecimal value = number(number);
            if (value == null) {
                continue;
            }
            boolean tera = unit.startsWith("t") || unit.equals("тб");
            // "6G" and "12G" are SAS and SATA link rates; a bare G is a capacity only as part numbers write it ("/960G")
            if (single && (tera ? value.scale() == 0 && value.compareTo(BigDecimal.valueOf(16)) > 0
                    : value.compareTo(BigDecimal.valueOf(16)) <= 0 || value.scale() > 0)) {
                continue;
            }
            boolean binary = unit.contains("i");
            BigDecimal gb = tera ? value.multiply(BigDecimal.valueOf(1000)) : value;
            if (binary) {
                // written in binary units: 1 GiB = 1.073741824 GB
                gb = gb.multiply(new BigDecimal("1.073741824")).setScale(0, RoundingMode.HALF_UP);
            }
            out.add(new StatedCapacity(gb, value.scale(), tera, m.group(), null));
        }
        return out;
    }

    /** A byte count as a tool prints it. */
    static StatedCapacity ofBytes(long bytes, String words) {
        return new StatedCapacity(BigDecimal.valueOf(bytes).movePointLeft(9), 0, false, words, bytes);
    }

    private static BigDecimal number(String written) {
        String s = written;
        int comma = s.indexOf(',');
        if (comma >= 0) {
            // "1,92" is a decimal comma; "1,920" a thousands separator
            s = s.length() - comma - 1 == 3 ? s.replace(",", "") : s.replace(',', '.');
        }
        try {
            BigDecimal v = new BigDecimal(s);
            return v.signum() > 0 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** How this statement fits a catalog capacity: exactly, as its vendor's figure rounded or in GiB, or not at all. */
    Fit fit(int catalogGb) {
        BigDecimal catalog = BigDecimal.valueOf(catalogGb);
        if (bytes != null) {
            // a drive holds its stated capacity and a little more (200,049,647,616 bytes is a 200 GB drive)
            double ratio = gb.doubleValue() / catalogGb;
            return ratio >= 0.995 && ratio <= 1.08 ? Fit.EXACT : Fit.NONE;
        }
        if (gb.compareTo(catalog) == 0) {
            return Fit.EXACT;
        }
        if (terabytes && decimals > 0) {
            BigDecimal tb = catalog.movePointLeft(3);
            BigDecimal stated = gb.movePointLeft(3);
            if (tb.setScale(decimals, RoundingMode.DOWN).compareTo(stated) == 0 || tb.setScale(decimals, RoundingMode.HALF_UP).compareTo(stated) == 0) {
                return Fit.ROUNDED;
            }
        }
        // the same capacity counted in binary units, as some systems and sellers print it: 960 GB shows as
        // 894 GB, 1.92 TB as 1.75 TB; only a figure written to the unit (GB) or with two decimals (TB) is read so
        if (!terabytes) {
            BigDecimal gib = catalog.divide(new BigDecimal("1.073741824"), 6, RoundingMode.HALF_UP);
            if (gib.setScale(0, RoundingMode.DOWN).compareTo(gb) == 0 || gib.setScale(0, RoundingMode.HALF_UP).compareTo(gb) == 0) {
                return Fit.BINARY;
            }
        } else if (decimals >= 2) {
            BigDecimal tib = catalog.divide(new BigDecimal("1099.511627776"), 6, RoundingMode.HALF_UP);
            BigDecimal stated = gb.movePointLeft(3);
            if (tib.setScale(decimals, RoundingMode.DOWN).compareTo(stated) == 0 || tib.setScale(decimals, RoundingMode.HALF_UP).compareTo(stated) == 0) {
                return Fit.BINARY;
            }
        }
        return Fit.NONE;
    }

    /** Whether two statements name the same capacity ("1600GB 1.6TB"). */
    boolean sameAs(StatedCapacity other) {
        return gb.compareTo(other.gb) == 0;
    }

    enum Fit { EXACT, ROUNDED, BINARY, NONE }
}
