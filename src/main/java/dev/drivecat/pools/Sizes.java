package dev.drivecat.pools;

/**
 * Sizes as zpool and zdb print them: {@code zfs_nicenum} rounds to three or four significant
 * digits with a suffix K, M, G, T, P or E for powers of 1024 ({@code 41.5K}, {@code 1.79T},
 * {@code 512} for bytes), and the parsable modes ({@code zpool list -p}, {@code zdb -P}) print
 * plain bytes. A trailing B (zfs_nicebytes) is accepted.
 */
final class Sizes {

    private static final String SUFFIXES = "KMGTPE";

    private Sizes() {
    }

    /** Bytes, or null when the text is no size ({@code -}, a ratio, a percentage, words). */
    static Long bytes(String text) {
        if (text == null) {
            return null;
        }
        int n = text.length();
        if (n > 0 && (text.charAt(n - 1) == 'B' || text.charAt(n - 1) == 'b')) {
            n--;
        }
        if (n == 0) {
            return null;
        }
        int power = SUFFIXES.indexOf(Character.toUpperCase(text.charAt(n - 1)));
        int digits = power >= 0 ? n - 1 : n;
        if (digits == 0 || digits > 24) {
            return null;
        }
        boolean point = false;
        for (int i = 0; i < digits; i++) {
            char c = text.charAt(i);
            if (c == '.' && !point && i > 0 && i < digits - 1) {
                point = true;
            } else if (c < '0' || c > '9') {
                return null;
            }
        }
        String number = text.substring(0, digits);
        if (!point && power < 0) {
            return digits > 18 ? null : Long.parseLong(number);
        }
        double value = Double.parseDouble(number) * Math.pow(1024, power + 1);
        return value >= Long.MAX_VALUE ? null : Math.round(value);
    }

    /** True for a size or {@code -} (nothing to show). */
    static boolean sizeOrDash(String text) {
        return "-".equals(text) || bytes(text) != null;
    }

    /** A histogram row's block size label ({@code 512}, {@code 1K}, … {@code 16M}, or bytes) as a power of two, or -1. */
    static int shift(String label) {
        Long bytes = bytes(label);
        if (bytes == null || bytes < 512 || Long.bitCount(bytes) != 1) {
            return -1;
        }
        return Long.numberOfTrailingZeros(bytes);
    }

    /** The label zdb prints for a block size of 2^shift bytes. */
    static String label(int shift) {
        if (shift < 10) {
            return Long.toString(1L << shift);
        }
        if (shift < 20) {
            return (1L << (shift - 10)) + "K";
        }
        return (1L << (shift - 20)) + "M";
    }
}
