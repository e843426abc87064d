package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.Params;
import java.util.Locale;

/**
 * A block size as ZFS's properties take it and drivecat reads it: {@code 128K}, {@code 1M}, or bytes
 * ({@code 131072}), in whole KiB ({@code 0} is a size too: special_small_blocks off). Which sizes a
 * parameter takes (a power of two, up to what a release allows) is the question's to check.
 */
public record BlockSize(int kib) {

    /** The largest size read at all: 16M, ZFS's largest block (SPA_MAXBLOCKSIZE). */
    static final int MAX_KIB = 16 * 1024;

    public BlockSize {
        if (kib < 0 || kib > MAX_KIB) {
            throw new IllegalArgumentException("block size out of range: " + kib + "K");
        }
    }

    /** The size {@code text} names, or a 400 naming {@code parameter}. */
    public static BlockSize parse(String parameter, String text) {
        String v = text.trim().toUpperCase(Locale.ROOT);
        long kib;
        try {
            if (v.endsWith("K")) {
                kib = Long.parseLong(v.substring(0, v.length() - 1));
            } else if (v.endsWith("M")) {
                kib = Long.parseLong(v.substring(0, v.length() - 1)) * 1024;
            } else {
                long bytes = Long.parseLong(v);
                kib = bytes % 1024 == 0 ? bytes / 1024 : -1;
            }
        } catch (NumberFormatException e) {
            kib = -1;
        }
        if (kib < 0 || kib > MAX_KIB) {
            throw Params.invalid(parameter, text, "a block size in whole KiB up to 16M, such as 16K, 128K or 1M");
        }
        return new BlockSize((int) kib);
    }

    public boolean powerOfTwo() {
        return Integer.bitCount(kib) == 1;
    }

    /** As ZFS writes it: 512K, 1M, 0. */
    @Override
    @JsonValue
    public String toString() {
        return kib == 0 ? "0" : kib % 1024 == 0 ? kib / 1024 + "M" : kib + "K";
    }
}
