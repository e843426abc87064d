package dev.drivecat.ranking;

import dev.drivecat.common.Decimals;
import java.util.List;
import java.util.Optional;

/**
 * How much a dedup vdev must hold: the dedup table. zpoolconcepts(7) calls a dedup vdev "A device
 * solely dedicated for deduplication tables", so nothing else is counted; nor is the 25% that
 * zfs_special_class_metadata_reserve_pct keeps from small data blocks, which a dedup vdev never
 * takes. The table's size is {@code ddtGib} when given, else what a pasted pool shows ({@code zpool
 * status -D}, {@code zdb -D}, or zdb's DDT ZAP algorithm row), else unknown. The table grows with
 * every unique block written, which the room component's credit for headroom stands for.
 */
final class DedupSizing {

    private DedupSizing() {
    }

    static Optional<SpecialSizing.Need> need(RecommendQuery.Dedup q) {
        if (q.ddtGib() != null) {
            double gib = q.ddtGib().doubleValue();
            return Optional.of(new SpecialSizing.Need(gib, 0, 0, gib, List.of("the dedup table, " + Decimals.fixed(gib, 1)
                    + " GiB on disk as given (ddtGib)"), false));
        }
        PastedPool pool = q.pool();
        if (pool != null && pool.dedupTable() != null) {
            double gib = pool.dedupTable().bytes() / SpecialSizing.GIB;
            return Optional.of(new SpecialSizing.Need(gib, 0, 0, gib, List.of(pool.dedupTable().basis()), true));
        }
        return Optional.empty();
    }
}
