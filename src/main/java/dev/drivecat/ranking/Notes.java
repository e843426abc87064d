package dev.drivecat.ranking;

import static dev.drivecat.common.Decimals.round;

import dev.drivecat.catalog.PlpAssessment.Protection;
import dev.drivecat.common.Decimals;
import dev.drivecat.common.Kept;
import dev.drivecat.pools.VdevRole;
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
    static List<String> notes(RecommendQuery q, Field.Sizing sizing, Field field, Kept.Store kept) {
        List<String> notes = new ArrayList<>();
        if (field.count == 0) {
            notes.add(noResult(q, field));
        }
        if (q.pool() != null) {
            pasted(q, sizing.vdev(), notes);
        }
        if (q.takesZil()) {
            notes.add(kept.keep(workload(q)));
        }
        switch (q.role()) {
            case SLOG -> log((RecommendQuery.Log) q, sizing.log(), notes, kept);
            case SPECIAL -> special((RecommendQuery.Special) q, sizing.vdev(), notes, kept);
            case DEDUP -> dedupVdev((RecommendQuery.Dedup) q, sizing.vdev(), notes, kept);
            case CACHE -> cache((RecommendQuery.Cache) q, notes, kept);
        }
        q.vdevSet().ifPresent(set -> set(q, set, notes, kept));
        if (q.mixedModels()) {
            notes.add("mixedModels=true: each result names a second model that also fits, and the set is bought half of each, as "
                    + "operators who fear two drives of one batch failing together do; the ranking is by the drive named first, and "
                    + "the pair's set cost, smaller capacity and weaker protection are shown with it (mixedSet).");
        }
        if (q.peakSyncMBps() != null && q.takesZil()) {
            notes.add("One ZIL stream often limits a single client, not the drive: the sync writes to one dataset go through its one "
                    + "intent log in order, so one client rarely reaches a fast log's rate (OpenZFS issue #3528: \"you can't really "
                    + "get much more unless you write to different datasets (that use different ZILs)\").");
            if (q.isSlog()) {
                notes.add(kept.keep(LARGE_SYNC_WRITES));
            }
        }
        if (q.plp() == PlpRequirement.PREFERRED) {
            notes.add("plp=preferred keeps the drives plp=required would leave out; like every drive they rank by their points, "
                    + "where their protection scores less.");
        }
        int otherCurrency = field.excludedByReason.getOrDefault(Exclusion.OTHER_CURRENCY, 0);
        if (otherCurrency > 0) {
            notes.add(otherCurrency + " drive(s) had offers only in other currencies than " + q.currency() + " and were left out.");
        }
        return notes;
    }

    /** Large sync writes and a log: all their data goes into it, unless the dataset asks otherwise. */
    static final String LARGE_SYNC_WRITES = "Large sync writes go into the log whole: with a SLOG, zfs_immediate_write_sz is ignored "
            + "(zfs(4): \"In presence of SLOG this parameter is ignored, as if it was set to infinity, storing all written data into "
            + "ZIL to not depend on regular vdev latency.\"), so the log must take the peak; a dataset set to logbias=throughput "
            + "keeps its written data off the log (zfsprops(7): \"ZFS will not use configured pool log devices to store written "
            + "data.\"), which suits large sequential sync writes that the data vdevs carry at least as fast.";

    /** Why a question has no result: nothing in the catalog matches its interfaces, or what matched was left out, by reason. */
    private static String noResult(RecommendQuery q, Field field) {
        String asked = (q.interfaces().isEmpty() ? "" : "interface=" + q.interfaces().stream().map(f -> f.token())
                .collect(java.util.stream.Collectors.joining(","))) + (q.buses().isEmpty() ? "" : (q.interfaces().isEmpty() ? "" : "&")
                + "bus=" + q.buses().stream().map(b -> b.token()).collect(java.util.stream.Collectors.joining(",")));
        if (field.excludedTotal == 0) {
            return asked.isEmpty() ? "No result: the catalog holds no drive." : "No result: the catalog holds no drive for " + asked
                    + ", so there is nothing to rank; ask for another interface.";
        }
        String reasons = field.excludedByReason.entrySet().stream().map(e -> e.getValue() + " " + e.getKey().words())
                .collect(java.util.stream.Collectors.joining(", "));
        return "No result: " + (field.excludedTotal == 1 ? "the one drive" : "all " + field.excludedTotal + " drives") + " the catalog "
                + "holds" + (asked.isEmpty() ? "" : " for " + asked) + (field.excludedTotal == 1 ? " was" : " were") + " left out ("
                + reasons + "); filteredOut lists " + (field.excludedTotal == 1 ? "it" : "them") + " with why.";
    }

    /** The log's notes: its size and the sources that differ on it, what it gains on this pool, what a mirror protects. */
    private static void log(RecommendQuery.Log q, LogSizing.Need log, List<String> notes, Kept.Store kept) {
        notes.add(String.format(Locale.ROOT, "The log must hold about %.1f GiB: %s; drives smaller than that are left out, and a "
                + "larger drive is spare area, not value.", log.requiredGib(), String.join("; ", log.basis())));
        notes.add(kept.keep("Sources differ on the log's size: zfs(4) says zfs_wrlog_data_max \"should be smaller than the size of the slog "
                + "device if slog is present\", while OpenZFS's Workload Tuning page says \"Only about 4GB is needed\" and no more "
                + "than the maximum ARC size; drivecat follows zfs(4), the limit the code enforces."));
        notes.add(kept.keep(logGain(q)));
        if (q.slogMirror()) {
            notes.add("slogMirror=true prices a mirrored log of two drives. The log is read back only after a crash, so a mirror "
                    + "protects only against a crash or power loss that coincides with the log device failing (then the last "
                    + "seconds of sync writes would be lost); it adds no speed.");
        }
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
                + "redundancy.", q.layout() == VdevType.MIRROR ? q.width() + "-way mirror" : q.layout().token(), q.set().setSize()));
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
        if (fromDisks && q.layout().isDraid() && q.width() != null) {
            RecommendQuery.VdevSet set = q.set();
            notes.add(String.format(Locale.ROOT, "The pool's usable size: a dRAID of N disks, D data disks per group, parity P and S "
                    + "distributed spares \"can hold approximately (N-S)*(D/(D+P))*X bytes\" (zpoolconcepts(7)): %d data vdev%s × "
                    + "(%d − %d) × %d/(%d + %d) × %s TB = %s TB of data.", q.dataVdevs(), q.dataVdevs() == 1 ? "" : "s", set.width(),
                    set.draidSpares(), set.draidData(), set.draidData(), q.layout().parity(), RankingModel.plain(q.diskTb()),
                    Decimals.fixed(q.dataVdevs() * set.dataDisks() * q.diskTb().doubleValue(), 1)));
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
        zvols(q, measured, notes);
        if (q.layout().isDraid()) {
            notes.add(draid(q.set()));
        }
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
    private static void pasted(RecommendQuery q, Optional<SpecialSizing.Need> need, List<String> notes) {
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
        members(p, notes);
        switch (q.role()) {
            case SLOG -> {
                notes.add("role=slog: a log's ranking takes nothing of the pool's layout" + (p.read() != null && p.read().hasSlog()
                        ? "; the pasted pool has a log already (" + p.read().logDevices() + " device"
                        + (p.read().logDevices() == 1 ? "" : "s") + ")" : "") + ".");
                if (p.specialVdevs() != null && p.read() != null && !p.read().hasSlog()) {
                    notes.add(q.openzfsHas(ReleaseRule.ZIL_ON_SPECIAL) ? ZIL_ON_THE_POOLS_SPECIAL
                            : "Before OpenZFS 2.4 (openzfsVersion=" + q.openzfsVersion() + ") the pool's special vdev takes no ZIL: "
                            + "without a log the ZIL lives on the data vdevs, and a SLOG helps as on any pool. From 2.4 the special "
                            + "vdev would take it.");
                }
            }
            case SPECIAL -> {
                if (p.specialVdevs() != null) {
                    notes.add("The pasted pool has a special vdev already (" + p.specialVdevs() + "); the drives below are ranked for a "
                            + "special mirror of " + q.vdevSet().orElseThrow().setSize() + ", the redundancy its data vdevs ask for.");
                    notes.add(existingHolds(p, need, q.vdevSet().orElseThrow().vdevs()));
                }
                extrapolation(p, need).ifPresent(notes::add);
            }
            case DEDUP, CACHE -> {
            }
        }
        notes.addAll(singleDevice(p));
        if (!p.warnings().isEmpty()) {
            notes.add("The paste had lines drivecat did not read, or read with a doubt: query.pool.warnings names them.");
        }
    }

    /** A pool whose special vdev, with no log, holds its ZIL: what a SLOG would still add. */
    static final String ZIL_ON_THE_POOLS_SPECIAL = "The pasted pool has a special vdev and no log: from OpenZFS 2.4 its special vdev "
            + "already holds the ZIL (pull request #17505: \"updating the allocation fallback order to: SLOG -> special embedded "
            + "log -> special -> normal embedded log -> normal\"). A SLOG would still take the ZIL off it, first in that order: the "
            + "sync writes' wear then falls on a drive the pool can lose (the pull request: the special vdev \"by default plays as "
            + "SLOG, reducing write latency by the cost of higher special vdev wear\"), and their latency is the log's, which "
            + "matters when the special vdev's drives flush slowly (no power-loss protection).";

    /** The special, dedup and log vdevs' members the paste shows in trouble: a state other than ONLINE, or errors counted. */
    private static void members(PastedPool p, List<String> notes) {
        for (PastedPool.Member m : p.members()) {
            if (m.healthy()) {
                continue;
            }
            String errors = java.util.stream.Stream.of(m.read() > 0 ? m.read() + " read" : null, m.write() > 0 ? m.write() + " write"
                    : null, m.cksum() > 0 ? m.cksum() + " checksum" : null).filter(java.util.Objects::nonNull)
                    .collect(java.util.stream.Collectors.joining(", "));
            String vdev = switch (m.role()) {
                case SPECIAL -> "special vdev";
                case DEDUP -> "dedup vdev";
                case LOG -> "log";
                case DATA, CACHE, SPARE -> "vdev";
            };
            boolean poolRisk = m.role() == VdevRole.SPECIAL || m.role() == VdevRole.DEDUP;
            notes.add("The pool's " + vdev + " member " + m.name() + (m.group() == null ? "" : " (" + m.group() + ")") + " is "
                    + m.state() + (errors.isEmpty() ? "" : " with " + errors + " errors") + " (zpool status at line " + m.line() + "): "
                    + (poolRisk ? "replace it soon; losing the " + vdev + " loses the pool, so its mirror must not run on one drive."
                    : "a log's failure loses at most the last seconds of sync writes after a crash, but replace it."));
        }
    }

    /** A single-device special or dedup vdev on a pool with redundancy: one drive failing loses the pool. */
    private static List<String> singleDevice(PastedPool p) {
        if (p.read() == null || p.read().layout() == null || p.read().layout() == VdevType.DISK) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (PastedPool.Member m : p.members()) {
            if (m.group() == null && (m.role() == VdevRole.SPECIAL || m.role() == VdevRole.DEDUP)) {
                out.add("The pool's " + m.role().token() + " vdev " + m.name() + " is a single device on a " + p.read().layout().token()
                        + " pool: losing that one drive loses the pool (OpenZFS documentation, Special vdev: \"Never add one as a "
                        + "single device to a redundant pool.\"). Attach a second drive to it (zpool attach) to make it a mirror.");
            }
        }
        return out;
    }

    /** Whether the special vdevs the pool has already hold what the question asks of them. */
    private static String existingHolds(PastedPool p, Optional<SpecialSizing.Need> need, int vdevsBought) {
        Long size = p.specialSizeBytes();
        if (size == null) {
            return "Whether the special vdev it has holds what is asked is not known: the paste shows no size for it (zpool list -v "
                    + "does).";
        }
        if (need.isEmpty()) {
            return "Its special vdev holds " + gib(size) + (p.specialAllocBytes() == null ? "" : ", " + gib(p.specialAllocBytes())
                    + " of it allocated") + "; the question gives no size to hold it against.";
        }
        SpecialSizing.Need n = need.get();
        double total = n.requiredGib() * vdevsBought;
        boolean holds = size / SpecialSizing.GIB >= total;
        return "Its special vdev holds " + gib(size) + (p.specialAllocBytes() == null ? "" : " (" + gib(p.specialAllocBytes())
                + " allocated)") + ": " + (holds ? "enough for" : "less than") + " the " + Decimals.fixed(total, 1) + " GiB this "
                + "question needs (" + (n.measured() ? "measured" : "estimated") + ")" + (holds ? ", so it holds the cutoff asked without "
                + "another drive; the ranking below is for a new or larger one." : "; the ranking below is for one that does.");
    }

    /**
     * A measured need counts the blocks the pool holds now; when the paste shows how full the pool is,
     * the need of a full pool of such blocks, said to be an extrapolation.
     */
    private static Optional<String> extrapolation(PastedPool p, Optional<SpecialSizing.Need> need) {
        if (need.isEmpty() || !need.get().measured() || p.dataSizeBytes() == null || p.dataAllocBytes() == null
                || p.dataAllocBytes() <= 0 || p.dataAllocBytes() >= p.dataSizeBytes()) {
            return Optional.empty();
        }
        double full = need.get().requiredGib() * p.dataSizeBytes() / p.dataAllocBytes();
        return Optional.of(String.format(Locale.ROOT, "The measurement counts the blocks written so far: the data vdevs hold %s of %s "
                + "(%.0f%%). A full pool of blocks like these would need about %.1f GiB: an extrapolation, not a measurement; the "
                + "ranking judges room by what was measured.", gib(p.dataAllocBytes()), gib(p.dataSizeBytes()),
                100.0 * p.dataAllocBytes() / p.dataSizeBytes(), full));
    }

    private static String gib(long bytes) {
        return Decimals.fixed(bytes / SpecialSizing.GIB, 1) + " GiB";
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

    /** What zvols change: which of their blocks go to the special vdev, by release, and what a special vdev does not do for a VM. */
    private static void zvols(RecommendQuery.Special q, boolean measured, List<String> notes) {
        double zvols = q.zvolGib();
        if (zvols <= 0 && q.common().workload() != Workload.ISCSI) {
            return;
        }
        String size = zvols > 0 && !measured ? Decimals.fixed(zvols, 0) + " GiB of zvols at volblocksize=" + q.volblocksizeKib() + "K" : "zvols";
        Integer small = q.smallBlocksKib();
        if (!q.openzfsHas(ReleaseRule.ZVOL_BLOCKS_ON_SPECIAL)) {
            notes.add("Before OpenZFS 2.4 special_small_blocks sends no zvol block to the special vdev (dmu_write_policy gave the cutoff "
                    + "to file blocks only until commit b048bfa, \"Allow opt-in of zvol blocks in special class\", first in 2.4.0): "
                    + "the special vdev holds the " + size + "' metadata only" + (measured ? "; zdb's histogram counts their data blocks "
                    + "too, so the measured need is high by as much" : "") + ".");
        } else if (small != null && small >= q.volblocksizeKib()) {
            notes.add("From OpenZFS 2.4 special_small_blocks=" + small + "K at or above volblocksize=" + q.volblocksizeKib() + "K sends "
                    + "every zvol block to the special vdev (zfsprops(7): \"the threshold block size for including small file or zvol "
                    + "blocks into the special allocation class\"): it must hold the " + size + " themselves.");
        } else {
            notes.add("From OpenZFS 2.4 a zvol block goes to the special vdev when its size after compression is at most "
                    + "special_small_blocks (pull request #17497: \"special_small_blocks is applied to blocks after compression\"): "
                    + "with volblocksize=" + q.volblocksizeKib() + "K above the cutoff" + (small == null ? " (not set)" : "")
                    + " none are counted, though blocks that compress below it go there too.");
        }
        if (q.layout().hasParity() && (q.common().workload() == Workload.ISCSI || q.common().workload() == Workload.NFS_VM)) {
            notes.add(VM_ON_PARITY);
        }
    }

    /** What an expert says of a special vdev under VMs on RAIDZ or dRAID. */
    static final String VM_ON_PARITY = "A special vdev holds ZFS's metadata and small blocks, not a guest file system's: to ZFS a "
            + "virtual disk's blocks are data (dmu_ot marks \"zvol object\" and \"ZFS plain file\" as not metadata), so a special "
            + "vdev does not cure a VM's random I/O on RAIDZ or dRAID. The data vdevs' layout does: mirrors (OpenZFS documentation, "
            + "RAIDZ: \"mirrors remain the better choice when random-read IOPS is the binding constraint\"), or a smaller "
            + "volblocksize, at RAIDZ's cost in space (ZVOLs: too small, and \"RAIDZ space efficiency collapses\").";

    /** A dRAID's minimum allocation, and the documented advice to put small blocks on a mirrored special vdev. */
    private static String draid(RecommendQuery.VdevSet set) {
        int minimum = set.draidData() * RecommendParams.ASSUMED_SECTOR_KIB;
        return "A " + set.layout().token() + " with " + set.draidData() + " data disks per group allocates at least " + set.draidData()
                + " × 4K = " + minimum + "K a block at ashift 12 (4K sectors; ashift is not asked): zpoolconcepts(7), \"with the "
                + "default D=8 and 4 KiB disk sectors the minimum allocation size is 32 KiB\", and \"If a dRAID pool will hold a "
                + "significant amount of small blocks, it is recommended to also add a mirrored special vdev to store those "
                + "blocks.\" special_small_blocks=" + minimum + "K sends every block that dRAID would pad to a full " + minimum
                + "K to the special vdev.";
    }

    /** The set's notes: the special vdevs it is split into, and spares (hot ones do not serve it). */
    private static void set(RecommendQuery q, RecommendQuery.VdevSet set, List<String> notes, Kept.Store kept) {
        if (set.vdevs() > 1) {
            notes.add(set.vdevs() + " special vdevs of " + set.setSize() + " drives each: \"Multiple special vdevs load-balance "
                    + "allocations between them\" (OpenZFS documentation, Special vdev), so each drive is sized for its vdev's share, "
                    + "one " + set.vdevs() + "th of the need.");
        }
        String what = q.role() == Role.DEDUP ? "dedup" : "special";
        notes.add(kept.keep(q.openzfsHas(ReleaseRule.NO_HOT_SPARE_FOR_SPECIAL)
                ? "A hot spare does not replace a " + what + " vdev's member: OpenZFS " + q.openzfsVersion() + " refuses it "
                + "(spa_vdev_attach: \"log, dedup and special vdevs should not be replaced by spares.\"; pull request #14154, in 2.1.7 "
                + "and 2.2.0). Keep a cold spare and replace a failed member with zpool replace" + (set.spares() > 0 ? "; spares="
                + set.spares() + " prices " + (set.spares() == 1 ? "one" : "them") + " with the set." : "; spares=N prices them with the set.")
                : "Before OpenZFS 2.1.7 a hot spare could replace a " + what + " vdev's member; from 2.1.7 and 2.2.0 OpenZFS refuses it "
                + "(pull request #14154). A cold spare serves either way" + (set.spares() > 0 ? "; spares=" + set.spares()
                + " prices " + (set.spares() == 1 ? "one" : "them") + " with the set." : "; spares=N prices them with the set.")));
    }

    /** The dedup vdev's notes: its set, the table it holds and where it goes when full, and the caveats. */
    private static void dedupVdev(RecommendQuery.Dedup q, Optional<SpecialSizing.Need> need, List<String> notes, Kept.Store kept) {
        RecommendQuery.VdevSet set = q.set();
        notes.add(set.layout() == VdevType.DISK
                ? "A pool of single-device vdevs has no redundancy: a dedup vdev of one drive matches it (losing the dedup vdev loses "
                + "the pool)."
                : String.format(Locale.ROOT, "A %s pool needs a dedup mirror of %d drives: a dedup vdev must match the pool's redundancy, "
                + "since losing it loses the pool.", set.layout() == VdevType.MIRROR ? set.width() + "-way mirror" : set.layout().token(),
                set.setSize()));
        notes.add(need.map(n -> String.format(Locale.ROOT, "The dedup vdev must hold the dedup table, %.1f GiB: %s. It grows with "
                + "every unique block written; drives are judged by their room for it.", n.requiredGib(), String.join("; ", n.basis())))
                .orElse("Room unchecked: the dedup table's size is not known. Give ddtGib, or paste zpool status -D or zdb -D (zdb(8): "
                + "-D \"Display deduplication statistics, including the deduplication ratio (dedup), compression ratio (compress), "
                + "inflation due to the zfs copies property (copies), and an overall effective ratio (dedup × compress / "
                + "copies).\")."));
        notes.add(kept.keep("A dedup vdev holds the deduplication tables only (zpoolconcepts(7): \"A device solely dedicated for "
                + "deduplication tables.\"); when it is full they go to the special vdev, then the data vdevs (spa_preferred_class). "
                + "PLP weighs as for a special vdev without the ZIL: flushed data kept through a power cut."));
        if (q.openzfsHas(ReleaseRule.DDT_SIZES_AS_TOTALS)) {
            notes.add(kept.keep("From OpenZFS 2.3 dedup_table_quota=auto keeps the table to the dedup vdev's size (commit c7ada64: it "
                    + "\"will set it based on the size of the devices backing the \"dedup\" allocation device\"; \"when the device "
                    + "fills, no new blocks are deduplicated\")."));
        }
        if (!set.layout().hasParity()) {
            notes.add(kept.keep("A dedup vdev can be removed later only if \"the primary pool storage does not contain a top-level "
                    + "raidz or draid vdev, all top-level vdevs have the same ashift size\" (zpool-remove(8))."));
        }
        if (q.openzfsHas(ReleaseRule.RAIDZ_SPECIAL)) {
            notes.add(kept.keep("From OpenZFS 2.4 a dedup vdev may be RAIDZ as well as a mirror (pull request #17496: \"new FDT "
                    + "implementation uses 32KB blocks by default, which are much less demanding\"); drivecat prices the mirror the "
                    + "pool's redundancy asks for."));
        }
    }

    /** The cache device's notes: what an L2ARC does and does not do, and when a special vdev is the better win. */
    private static void cache(RecommendQuery.Cache q, List<String> notes, Kept.Store kept) {
        notes.add(kept.keep("A cache device (L2ARC) is a second copy of data that also lives in the pool: one drive, no mirror (\"They "
                + "cannot be mirrored or part of a raidz group. A read error is simply reissued against the pool, so losing one is "
                + "harmless.\", OpenZFS documentation, Caching and Auxiliary Devices). Power-loss protection does not count."));
        notes.add(kept.keep("An L2ARC helps \"when the working set is much larger than RAM and the workload is random reads of mostly "
                + "static content. It does nothing for writes.\" It costs RAM: \"Every cached block needs a header in the ARC, so an "
                + "oversized L2ARC shrinks the cache that actually matters.\" More RAM comes first."));
        if (q.poolMedia() == PoolMedia.HDD) {
            notes.add(kept.keep("On a pool of hard drives a mirrored special vdev is usually the better win for metadata-heavy work "
                    + "(directory walks, scrubs, many small files): \"This is usually a larger and more reliable win than adding an "
                    + "L2ARC, because it is a permanent placement rather than a cache that must warm up and that costs ARC headers.\" "
                    + "(OpenZFS documentation, Special vdev). role=special ranks for that."));
        }
        notes.add(kept.keep("Endurance is judged at the most the L2ARC feed writes once full: l2arc_write_max (" + (q.openzfsHas(
                ReleaseRule.L2ARC_WRITE_MAX_32M) ? "32 MiB from OpenZFS 2.3" : "8 MiB before OpenZFS 2.3") + ") every l2arc_feed_secs "
                + "(1 s) = " + RankingModel.plain(BigDecimal.valueOf(q.enduranceWriteMBps()).setScale(1, java.math.RoundingMode.HALF_UP))
                + " MB/s; a warming L2ARC writes up to twice that (commit 887a3c5: \"a warming L2ARC runs at 2x these rates\")."));
    }
}
