package dev.drivecat.pools;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * Which blocks a row of zdb's Block Size Histogram counts. zdb of OpenZFS 2.4 and later puts a block
 * in the row of the least size at or above its own: "the "4K" bin includes blocks within the (2K;
 * 4K] range"; before, in the row of the greatest size at or below it: "a "4K" bin would include all
 * blocks within the [4K; 8K) region" (openzfs/zfs commit f8b082b5af, "zdb: adjust block histogram
 * binning strategy", 2024-12-10). The later zdb prints a note under the histogram's title
 * ("(note: all categories are binned separately)", commit 8e97b98140 of the same day); the earlier
 * prints the title alone.
 */
public enum HistogramBinning implements ApiToken {
    /** A row counts the blocks larger than half its size, up to and including it: the Cum. column is "at or below". */
    UP_TO("up-to"),
    /** A row counts the blocks from its size up to twice it, not included: the Cum. column is "below twice the size". */
    FROM("from"),
    /** The paste lacks the histogram's title and note lines: either; sizes are bounded as for {@link #FROM}. */
    UNKNOWN("unknown");

    private final String token;

    HistogramBinning(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
