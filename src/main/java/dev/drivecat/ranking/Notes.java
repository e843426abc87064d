package dev.drivecat.ranking;

import static dev.drivecat.common.Decimals.round;

import dev.drivecat.catalog.PlpAssessment.Protection;
import dev.drivecat.common.Decimals;
import dev.drivecat.common.Kept;
import dev.drivecat.pools.VdevType;
import dev.drivecat.ranking.Recommendation.ModelView;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What holds for a whole answer: the model and its assumptions, and the notes an expert adds for the
 * question asked (what the workload makes synchronous, how large the log must be, what a log gains on
 * this pool, the special vdev's caveats). Each rule quotes its source; src/docs/ranking.md lists them.
 */
final class Notes {

    private Notes() {
    }

    private static final String SPECIAL_MIRROR_WORKLOAD = "The workload is small synchronous writes at queue depth 1, with the ZIL on "
            + "the special mirror: calibrated on the lab's 3-way special mirror without a log ("
            + Decimals.grouped(FlushModel.SPECIAL_MIRROR_NO_LOG.iops()) + " IOPS), about twice the overhead of one log device.";

    private static final String FLUSH_LATENCY = "A drive's flush latency is the median of its published measurements; else the same "
            + "model and capacity measured in another form factor; else its vendor's stated write latency (with cheap flushes); else "
            + "its device class: " + java.util.Arrays.stream(FlushModel.DeviceClass.values())
            .map(c -> c.label() + " " + FlushModel.latencyWords(c.latencyUs())).collect(java.util.stream.Collectors.joining(", ")) + ".";

    private static final String PLP_VALUES = "PLP scores the drive's protection class, never who stated it: protected (PLP, 3D XPoint, "
            + "flushed data kept) " + plpValue(Protection.PLP, Protection.XPOINT, Protection.FLUSHED_DATA) + ", 3D XPoint whose "
            + "vendor states none " + plpValue(Protection.XPOINT_VENDOR_NO) + ", none or unknown "
            + plpValue(Protection.NONE, Protection.UNKNOWN) + "; the evidence's weight is its confidence, in words and warnings.";

    /** The plp value the classes share, as a sentence writes it. */
    private static String plpValue(Protection... classes) {
        double value = RankingModel.plpValue(classes[0]);
        for (Protection p : classes) {
            if (RankingModel.plpValue(p) != value) {
                throw new IllegalStateException(p + " scores " + RankingModel.plpValue(p) + ", not " + value + " as " + classes[0]);
            }
        }
        return RankingModel.plain(BigDecimal.valueOf(value));
    }

    static ModelView model(RecommendQuery q) {
        boolean flushMatters = q.takesZil();
        FlushModel flushModel = Ranker.flushModel(q);
        List<String> assumptions = new ArrayList<>();
        if (flushMatters) {
            assumptions.add(q.poolMedia() == PoolMedia.SSD
                    ? "Predicted IOPS use the per-write overhead calibrated on the buying guide's lab pool of hard-drive-class disks "
                    + "(RAIDZ2); on an SSD pool (poolMedia=ssd) that overhead is assumed, not measured."
                    : "The pool is of hard-drive-class disks like the buying guide's lab (RAIDZ2, 200 IOPS per disk); predicted IOPS "
                    + "are relative to that pool, not yours.");
            assumptions.add(q.isSlog()
                    ? "The workload is small synchronous writes at queue depth 1; the log's flush latency is its 4K sync-write latency."
                    : SPECIAL_MIRROR_WORKLOAD);
            assumptions.add(FLUSH_LATENCY);
        }
        assumptions.add(PLP_VALUES);
        assumptions.add("Endurance is judged at " + RankingModel.plain(BigDecimal.valueOf(q.enduranceWriteMBps()))
                + " MB/s of writes around the clock, over " + Decimals.fixed(RankingModel.SERVICE_YEARS, 0) + " years.");
        assumptions.add("A DWPD rating without TBW or warranty is taken to hold for " + Decimals.fixed(RankingModel.ASSUMED_RATING_YEARS, 0)
                + " years.");
        assumptions.add("Price: the cheapest candidate scores full marks; others score cheapest ÷ their price"
                + (q.units() == 1 ? "." : " (for the whole set)."));
        assumptions.add("An unknown input scores " + RankingModel.UNKNOWN + " of its weight and is said to be unknown.");
        assumptions.add("Ranks follow the points shown: no rule holds a drive below another with fewer points.");
        return new ModelView(RankingModel.weights(q),
                flushMatters ? "predictedSyncIops = 1e6 / (overheadUs + flushLatencyUs)" : null,
                flushMatters ? round(flushModel.overheadUs(), 1) : null,
                flushMatters ? flushModel.calibration() : null,
                assumptions, "src/docs/ranking.md");
    }

    /**
     * The answer's notes. Those that depend only on the question's tokens (its role, workload, pool
     * media, layout, release), the same text in answer after answer, are kept in {@code kept} so
     * their JSON is written once; those with the question's figures are not.
     */
    static List<String> notes(RecommendQuery q, Field.Sizing sizing, Map<Exclusion, Integer> excludedByReason, Kept.Store kept) {
        List<String> notes = new ArrayList<>();
        if (q.pool() != null) {
            pasted(q, notes);
        }
        if (q.takesZil()) {
            notes.add(kept.keep(workload(q)));
        }
        if (q.isSlog()) {
            LogSizing.Need log = sizing.log();
            notes.add(String.format(Locale.ROOT, "The log must hold about %.1f GiB: %s; drives smaller than that are left out, and a "
                    + "larger drive is spare area, not value.", log.requiredGib(), String.join("; ", log.basis())));
            notes.add(kept.keep("Sources differ on the log's size: zfs(4) says zfs_wrlog_data_max \"should be smaller than the size of the slog "
                    + "device if slog is present\", while OpenZFS's Workload Tuning page says \"Only about 4GB is needed\" and no more "
                    + "than the maximum ARC size; drivecat follows zfs(4), the limit the code enforces."));
            notes.add(kept.keep(logGain(q)));
            if (((RecommendQuery.Log) q).slogMirror()) {
                notes.add("slogMirror=true prices a mirrored log of two drives. The log is read back only after a crash, so a mirror "
                        + "protects only against a crash or power loss that coincides with the log device failing (then the last "
                        + "seconds of sync writes would be lost); it adds no speed.");
            }
        } else {
            special((RecommendQuery.Special) q, sizing.special(), notes, kept);
        }
        if (q.peakSyncMBps() != null && q.takesZil()) {
            notes.add("One ZIL stream often limits a single client, not the drive: the sync writes to one dataset go through its one "
                    + "intent log in order, so one client rarely reaches a fast log's rate (OpenZFS issue #3528: \"you can't really "
                    + "get much more unless you write to different datasets (that use different ZILs)\").");
        }
        if (q.plp() == PlpRequirement.PREFERRED) {
            notes.add("plp=preferred keeps the drives plp=required would leave out; like every drive they rank by their points, "
                    + "where their protection scores less.");
        }
        int otherCurrency = excludedByReason.getOrDefault(Exclusion.OTHER_CURRENCY, 0);
        if (otherCurrency > 0) {
            notes.add(otherCurrency + " drive(s) had offers only in other currencies than " + q.currency() + " and were left out.");
        }
        return notes;
    }

    /** Which writes the workload makes synchronous, and so whether a log (or the ZIL on the special vdev) helps at all. */
    static String workload(RecommendQuery q) {
        String where = q.isSlog() ? "a SLOG" : "the ZIL on the special vdev";
        return switch (q.workload()) {
            case NFS_VM -> "workload=nfs-vm: ESXi writes to an NFS datastore synchronously (\"ESXi uses synchronous writes when writing "
                    + "data to a NFS datastore. ESXi sets the O_SYNC flag when writing data.\"), so every write goes through the ZIL "
                    + "and " + where + " helps most.";
            case ISCSI -> "workload=iscsi: a zvol logs a write only when the initiator asks for it (a FUA write or a cache flush; "
                    + "OpenZFS commit b18019d2: \"we must commit the ZIL after the write if the FUA flag is set\"). With sync=standard "
                    + "most writes of a VM disk over iSCSI are not synchronous and " + where + " does little for them; with "
                    + "sync=always every write goes through the ZIL.";
            case SMB -> "workload=smb: " + where + " will not help ordinary SMB file copies: they are not synchronous. Only a client's "
                    + "flush request is (Samba honours them: \"In Samba 4.7.0, the default for this parameter changed from no to yes\", "
                    + "smb.conf's strict sync), or a share that makes every write synchronous; check that the log sees writes "
                    + "(zpool iostat -v) before buying one.";
            case DATABASE -> "workload=database: a database makes each commit durable with a synchronous write, so its log writes "
                    + "go through the ZIL and " + where + " shortens every commit (OpenZFS's Workload Tuning page, on InnoDB: \"Set "
                    + "logbias=throughput on the data to stop ZIL from writing twice.\").";
            case GENERAL -> (q.isSlog() ? "A SLOG" : "The ZIL on the special vdev") + " only helps synchronous writes (NFS from "
                    + "ESXi, databases, iSCSI with sync=always; not ordinary SMB copies); set workload to say which.";
        };
    }

    /** What a log gains on this pool, by the model: large on hard drives, small on an SSD pool whose drives have PLP. */
    static String logGain(RecommendQuery q) {
        FlushModel log = Ranker.flushModel(q);
        double best = log.predictIops(FlushModel.DeviceClass.XPOINT.latencyUs());
        if (q.poolMedia() == PoolMedia.SSD) {
            double nvme = log.predictIops(FlushModel.DeviceClass.NVME_PLP.latencyUs());
            double sata = log.predictIops(FlushModel.DeviceClass.SATA_SAS_PLP.latencyUs());
            double consumer = log.predictIops(FlushModel.DeviceClass.NO_PLP.latencyUs());
            return "poolMedia=ssd: without a log the ZIL lands on the pool's own SSDs. By the model (" + Decimals.fixed(log.overheadUs(), 1)
                    + " µs a write besides the flush), the ZIL on pool drives with PLP predicts " + Decimals.grouped(nvme)
                    + " (NVMe, " + latency(FlushModel.DeviceClass.NVME_PLP) + ") or " + Decimals.grouped(sata) + " (SATA/SAS, "
                    + latency(FlushModel.DeviceClass.SATA_SAS_PLP) + ") sync IOPS, against " + Decimals.grouped(best)
                    + " with a 3D XPoint log (" + latency(FlushModel.DeviceClass.XPOINT) + "): a gain of "
                    + Decimals.fixed(100 * (best / nvme - 1), 1) + "% to " + Decimals.fixed(100 * (best / sata - 1), 1)
                    + "%. Only a pool of SSDs without PLP (" + latency(FlushModel.DeviceClass.NO_PLP) + ": "
                    + Decimals.grouped(consumer) + " IOPS) gains as a hard-drive pool does.";
        }
        return "On a hard-drive pool a log is the whole gain: the buying guide's lab measured " + Decimals.grouped(FlushModel.LAB_NO_LOG_IOPS)
                + " sync IOPS with no log and " + Decimals.grouped(FlushModel.CHEAP_FLUSH_LOG.iops()) + " with a cheap-flush log; on an "
                + "SSD pool the gain is far smaller (poolMedia=ssd says how much).";
    }

    private static String latency(FlushModel.DeviceClass c) {
        return FlushModel.latencyWords(c.latencyUs());
    }

    /** The special vdev's notes: the set, where the ZIL lives, the room it needs, and the caveats an expert adds. */
    private static void special(RecommendQuery.Special q, Optional<SpecialSizing.Need> need, List<String> notes, Kept.Store kept) {
        notes.add(q.layout() == VdevType.DISK
                ? "A pool of single-device vdevs has no redundancy: a special vdev of one drive matches it (the special vdev must match "
                + "the pool's redundancy, and losing it loses the pool)."
                : String.format(Locale.ROOT, "A %s pool needs a special mirror of %d drives: the special vdev must match the pool's "
                + "redundancy.", q.layout() == VdevType.MIRROR ? q.width() + "-way mirror" : q.layout().token(), q.units()));
        if (q.zilOnSpecial()) {
            notes.add("Without a separate log (hasSlog=false), OpenZFS " + q.openzfsVersion() + " puts the ZIL on the special vdev "
                    + "(zpoolconcepts(7): the special class holds the \"intent log (in absence of separate log device)\"): PLP, flush "
                    + "latency and endurance weigh as for a SLOG. Blocks bound for the special vdev are still logged indirectly "
                    + "(zfs(4), zil_special_is_slog: \"Blocks that go to the special vdevs are still written indirectly, as with "
                    + "logbias=throughput.\"); setting zil_special_is_slog=0 logs large writes bound for the data vdevs indirectly "
                    + "too, but the log blocks themselves still go to the special vdev.");
        } else if (!q.hasSlog()) {
            notes.add("Before OpenZFS 2.4 (openzfsVersion=" + q.openzfsVersion() + ") a special vdev takes no ZIL: without a log "
                    + "the ZIL stays on the data vdevs, so the special mirror's flush does not count; it holds metadata and small "
                    + "blocks only.");
        } else {
            notes.add("With a separate log (hasSlog=true) the special vdev holds metadata and small blocks only: price and room weigh "
                    + "more, PLP and endurance less.");
        }
        if (!q.zilOnSpecial()) {
            notes.add("Without the ZIL a special vdev needs power-loss protection \"as much or as little as a traditional pool\" (a "
                    + "TrueNAS forum moderator): ZFS is copy-on-write, so only flushed data and the drive's own metadata must survive "
                    + "a power cut. plp defaults to any here; plp=required leaves out drives no source shows keep flushed data.");
        }
        // a measured need is the room's: the data size says nothing more
        boolean measured = need.map(SpecialSizing.Need::measured).orElse(false);
        boolean fromDisks = !measured && q.dataTib() == null && q.diskTb() != null;
        if (fromDisks && q.layout().isDraid()) {
            notes.add("A dRAID's usable size depends on its data disks per redundancy group and its distributed spares, which the "
                    + "layout alone does not give: give dataTib to size the special vdev.");
        } else if (fromDisks && q.width() != null) {
            notes.add(String.format(Locale.ROOT, "The pool's usable size: %d data vdev%s × %s × %s TB = %s TB of data.",
                    q.dataVdevs(), q.dataVdevs() == 1 ? "" : "s",
                    q.layout().isRaidz() ? "(" + q.width() + " − " + q.layout().parity() + ") disks"
                            : q.layout() == VdevType.DISK ? "1 disk" : "1 disk's worth per mirror",
                    RankingModel.plain(q.diskTb()), RankingModel.plain(q.diskTb().multiply(BigDecimal.valueOf(
                            (long) q.dataVdevs() * q.layout().dataDisks(q.width()))))));
        }
        notes.add(need.map(n -> n.measured() ? measured(q, n) : estimated(n))
                .orElse("Room unchecked: no data size given (dataTib, or width, diskTb and dataVdevs, fileCount, "
                        + "smallBlockDataGib), so drives are not checked for room. " + MEASURE));
        smallBlocks(q, measured, notes);
        List<String> caveats = new ArrayList<>();
        caveats(q, caveats);
        caveats.forEach(c -> notes.add(kept.keep(c)));
        notes.add(q.pool() == null ? kept.keep("With dedup, " + DEDUP_TABLE + ": size it for the table too.") : dedup(q));
    }

    /** How to measure instead of estimating, with the man page's words for the two options. */
    static final String MEASURE = "Measure it: zdb -Lbbbs POOL prints the pool's block statistics and block-size histogram (zdb(8): "
            + "-b \"Display statistics regarding the number, size (logical, physical and allocated) and deduplication of blocks.\"; "
            + "-L \"Disable leak detection and the loading of space maps.\"); paste its output to POST /recommend, and the size "
            + "comes from the pool's own blocks.";

    /** Where the dedup table goes, as zpoolconcepts(7) and spa_preferred_class say. */
    static final String DEDUP_TABLE = "the dedup table goes to the special vdev unless the pool has a dedup vdev (spa_preferred_class; "
            + "zpoolconcepts(7): \"Deduplication tables can be excluded from the special class by unsetting the "
            + "zfs_ddt_data_is_special ZFS module parameter.\")";

    private static String estimated(SpecialSizing.Need n) {
        return String.format(Locale.ROOT, "An estimate, not a measurement: the special vdev needs about %.1f GiB: %s. %s", n.requiredGib(),
                String.join("; ", n.basis()), MEASURE);
    }

    private static String measured(RecommendQuery.Special q, SpecialSizing.Need n) {
        PastedPool.MeasuredSizing m = q.pool().specialSizing();
        Integer asked = q.smallBlocksKib();
        String cutoff = asked == null || asked == 0 ? "0 (metadata only)" : asked + "K";
        String row = m.smallBlocks().equals("0") || m.smallBlocks().equals(asked + "K") ? ""
                : " (counted at " + m.smallBlocks() + ", the histogram's row at or above it)";
        return String.format(Locale.ROOT, "Measured, not estimated: with special_small_blocks=%s%s the special vdev needs %.1f GiB, %s. "
                + "The figures come from the paste's zdb histogram (%s): query.pool.specialSizing gives the need for every cutoff "
                + "from 0 to 16M, and each result's capacity the largest cutoff its drive holds. They count the pool's blocks as "
                + "they are now; a new special vdev takes them only as they are written again (below).", cutoff, row,
                n.requiredGib(), String.join("; ", n.basis()), m.shownAt());
    }

    /** What the paste gave the question, what was given instead, and what of the pool bears on the drives asked for. */
    private static void pasted(RecommendQuery q, List<String> notes) {
        PastedPool p = q.pool();
        String where = p.where();
        if (p.read() == null) {
            notes.add("The paste shows no pool, only zdb's block statistics" + (p.specialSizing() == null ? ""
                    : " (" + p.specialSizing().shownAt() + ")") + ": the layout and the rest of the question are the parameters'.");
        } else {
            notes.add("From your pool" + (p.name() == null ? "" : " " + p.name()) + (where.isEmpty() ? "" : " (" + where + ")") + ": "
                    + p.read().summary() + ".");
            p.read().warnings().forEach(w -> notes.add("From the paste: " + w + "."));
        }
        if (!p.overridden().isEmpty()) {
            notes.add("Given explicitly and used instead of the paste's: " + p.overridden().stream().map(Object::toString)
                    .collect(java.util.stream.Collectors.joining(", ")) + ".");
        }
        if (q.isSlog()) {
            notes.add("role=slog: a log's ranking takes nothing of the pool's layout" + (p.read() != null && p.read().hasSlog()
                    ? "; the pasted pool has a log already (" + p.read().logDevices() + " device" + (p.read().logDevices() == 1 ? "" : "s")
                    + ")" : "") + ".");
        } else if (p.specialVdevs() != null) {
            notes.add("The pasted pool has a special vdev already (" + p.specialVdevs() + "); the drives below are ranked for a special "
                    + "mirror of " + q.units() + ", the redundancy its data vdevs ask for.");
        }
        if (!p.warnings().isEmpty()) {
            notes.add("The paste had lines drivecat did not read, or read with a doubt: query.pool.warnings names them.");
        }
    }

    /** Where the dedup table of a pasted pool goes. */
    private static String dedup(RecommendQuery q) {
        PoolQuestionView read = PoolQuestionView.of(q.pool());
        if (read.dedupDevices() > 0) {
            return "The pasted pool has a dedup vdev (" + read.dedupDevices() + " device" + (read.dedupDevices() == 1 ? "" : "s")
                    + "): the dedup table goes there, not to the special vdev (spa_preferred_class tries the dedup class first; "
                    + "zpoolconcepts(7) calls a dedup vdev \"A device solely dedicated for deduplication tables.\").";
        }
        if (!read.dedup()) {
            return "With dedup, " + DEDUP_TABLE + ": size it for the table too.";
        }
        PastedPool.MeasuredSizing m = q.pool().specialSizing();
        if (m != null && m.ddt() != null) {
            return "The paste shows deduplication. " + m.ddt();
        }
        return "The paste shows deduplication (zpool list's DEDUP above 1.00x, zpool status -D's DDT entries, or zdb's block "
                + "statistics) and no dedup vdev: " + DEDUP_TABLE + ": size it for the table too; zdb -Lbbbs shows the table's "
                + "size (its DDT ZAP algorithm row).";
    }

    /** What a pasted pool says of dedup: its dedup vdev's devices, and whether it shows deduplication (also from zdb alone). */
    private record PoolQuestionView(int dedupDevices, boolean dedup) {
        static PoolQuestionView of(PastedPool p) {
            boolean zdb = p.specialSizing() != null && p.specialSizing().ddt() != null;
            return p.read() == null ? new PoolQuestionView(0, zdb) : new PoolQuestionView(p.read().dedupDevices(), p.read().dedup() || zdb);
        }
    }

    private static void smallBlocks(RecommendQuery.Special q, boolean measured, List<String> notes) {
        Integer small = q.smallBlocksKib();
        if (small == null || small == 0) {
            return;
        }
        boolean since24 = q.openzfsHas(ReleaseRule.SMALL_BLOCKS_UP_TO_16M);
        if (small >= q.recordsizeKib()) {
            notes.add("special_small_blocks=" + small + "K is at or above the recordsize (" + q.recordsizeKib() + "K): every data block "
                    + "of those datasets goes to the special vdev, so it must hold the data itself"
                    + (measured ? " (the measured figure counts every block at or below the cutoff)"
                    : q.smallBlockDataGib() == null ? " (counted as all of it; give smallBlockDataGib for less)" : "") + ".");
        } else if (q.smallBlockDataGib() == null && !measured) {
            notes.add("special_small_blocks is set but smallBlockDataGib is not: size the mirror for the small blocks you expect, not "
                    + "just the metadata (zdb -Lbbbs POOL prints the pool's block-size histogram).");
        }
        if (small > 128 && !q.openzfsHas(ReleaseRule.SMALL_BLOCKS_ABOVE_128K_AT_CREATION)) {
            notes.add("OpenZFS " + q.openzfsVersion() + " refuses special_small_blocks above 128K when it is given at pool creation "
                    + "(zpool create -O special_small_blocks=" + small + "K: \"must be zero or a power of 2 from 512B to 128K\", "
                    + "OpenZFS issue #13815; fixed in 2.1.12 by pull request #14901): set it with zfs set once the pool exists.");
        }
        notes.add(since24 ? "From OpenZFS 2.4 special_small_blocks takes zvol blocks too (zpoolconcepts(7): \"The class can also be "
                + "provisioned to accept small file or zvol blocks on a per dataset granularity.\")."
                : "Before OpenZFS 2.4 special_small_blocks takes file system blocks only, never a zvol's.");
    }

    /** What an expert adds about any special vdev: removal, existing data, RAIDZ, dedup. */
    private static void caveats(RecommendQuery.Special q, List<String> notes) {
        if (!q.layout().hasParity()) {
            notes.add("A special vdev can be removed later only if \"the primary pool storage does not contain a top-level raidz or "
                    + "draid vdev, all top-level vdevs have the same ashift size\" (zpool-remove(8)): give the special mirror the data "
                    + "vdevs' ashift.");
        }
        String rewrite = q.openzfsHas(ReleaseRule.ZFS_REWRITE)
                ? "with zfs rewrite (OpenZFS 2.3.4 and later: \"Rewrite blocks of specified file as is without modification at a new "
                + "location\") or zfs send | zfs receive"
                : "with zfs send | zfs receive (zfs rewrite, which rewrites in place, arrives in OpenZFS 2.3.4)";
        notes.add("A new special vdev holds only what is written after it is added: existing metadata and small blocks stay on the data "
                + "vdevs until they are written again, " + rewrite + ".");
        if (q.openzfsHas(ReleaseRule.RAIDZ_SPECIAL)) {
            notes.add("From OpenZFS 2.4 a special vdev may be RAIDZ as well as a mirror (commit bf846dcb, \"Release topology "
                    + "restrictions on special/dedup\"); drivecat prices the mirror the pool's redundancy asks for.");
        }
    }
}
