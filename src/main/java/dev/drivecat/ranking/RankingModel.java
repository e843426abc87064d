package dev.drivecat.ranking;

import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.common.Decimals;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The scoring model's constants and its per-drive measures, as pure functions. The formulas and
 * the reason for every weight are in src/docs/ranking.md; the weights are echoed in every
 * response.
 */
public final class RankingModel {

    private RankingModel() {
    }

    /** A log is judged over this many years of service. */
    public static final double SERVICE_YEARS = 5;
    /** Without a better figure, a DWPD rating is taken to cover the shortest common enterprise warranty. */
    public static final double ASSUMED_RATING_YEARS = 3;
    /** Default expected average sync write rate, MB/s: a busy homelab NFS/VM host, well above most. */
    public static final BigDecimal DEFAULT_SYNC_WRITE_MBPS = new BigDecimal("5");
    /** Write load assumed on a special vdev that does not take the ZIL (metadata and small blocks). */
    public static final double METADATA_WRITE_MBPS = 1;
    /** Value of a component whose input is unknown: present, but well below a known good value. */
    static final double UNKNOWN = 0.25;

    /**
     * The plp component's value: whether the drive keeps what it acknowledged through a power cut, by
     * its protection class and never by who stated it (the evidence's weight is the assessment's
     * confidence, shown in words and warnings). Whether its flushes are cheap is the flush component's.
     * Protected drives score full marks; 3D XPoint whose vendor states no PLP half (the sources
     * disagree); a drive without protection, whose safety rests on honouring flushes that no source
     * confirms, scores as unknown, like a drive no source describes.
     */
    public static double plpValue(PlpAssessment.Protection protection) {
        return switch (protection) {
            case PLP, XPOINT, FLUSHED_DATA -> 1;
            case XPOINT_VENDOR_NO -> 0.5;
            case NONE, UNKNOWN -> UNKNOWN;
        };
    }

    /** Weights, out of 100, per role (src/docs/ranking.md §3 says why). */
    public static Map<ScoreComponent, Integer> weights(RecommendQuery q) {
        Map<ScoreComponent, Integer> w = new EnumMap<>(ScoreComponent.class);
        switch (q.role()) {
            case SLOG -> {
                w.put(ScoreComponent.FLUSH, 35);
                w.put(ScoreComponent.PLP, 25);
                w.put(ScoreComponent.ENDURANCE, 15);
                w.put(ScoreComponent.PRICE, 25);
            }
            case SPECIAL -> {
                if (q.zilOnSpecial()) {
                    w.put(ScoreComponent.FLUSH, 15);
                    w.put(ScoreComponent.PLP, 25);
                    w.put(ScoreComponent.ENDURANCE, 20);
                    w.put(ScoreComponent.PRICE, 30);
                    w.put(ScoreComponent.ROOM, 10);
                } else {
                    vdevWithoutZil(w);
                }
            }
            case DEDUP -> vdevWithoutZil(w);
            case CACHE -> {
                w.put(ScoreComponent.ENDURANCE, 30);
                w.put(ScoreComponent.PRICE, 70);
            }
        }
        return w;
    }

    /** A vdev the pool cannot lose that takes no ZIL: a special vdev without it, a dedup vdev. */
    private static void vdevWithoutZil(Map<ScoreComponent, Integer> w) {
        w.put(ScoreComponent.PLP, 15);
        w.put(ScoreComponent.ENDURANCE, 15);
        w.put(ScoreComponent.PRICE, 50);
        w.put(ScoreComponent.ROOM, 20);
    }

    /**
     * The flush latency used for a drive, how sure it is ({@code evidence}: measured,
     * measured-other-form-factor, vendor-stated or class-default), and why that one.
     */
    public record Flush(double latencyUs, FlushEvidence evidence, String basis) {
    }

    /**
     * The best evidence the catalog has, in order: the median of the drive's published 4K
     * sync-write measurements; else the median of the same model and capacity measured in another
     * form factor; else, for a drive with cheap flushes, the vendor's stated write latency; else the
     * default of its device class (3D XPoint, NVMe NAND with PLP, SATA/SAS NAND with PLP, NAND
     * without PLP), each a cited measurement.
     */
    public static Flush flush(Candidate c, PlpAssessment plp) {
        if (!c.measured().isEmpty()) {
            return new Flush(median(c.measured()), FlushEvidence.MEASURED, measuredBasis("measured", c.measured()));
        }
        if (c.sibling() != null) {
            Candidate.Sibling s = c.sibling();
            return new Flush(median(s.measured()), FlushEvidence.MEASURED_OTHER_FORM_FACTOR, measuredBasis("measured on the same model and "
                    + "capacity as " + s.formFactor().label() + " (" + s.slug() + "), not on this " + c.formFactor().label()
                    + " drive itself", s.measured()));
        }
        boolean xpoint = c.media() == Media.XPOINT_3D;
        if (plp.cheapFlush()) {
            Candidate.Evidence vendor = c.writeLatency();
            if (vendor != null && vendor.number() != null) {
                return new Flush(vendor.number().doubleValue(), FlushEvidence.VENDOR_STATED,
                        "write latency as stated: \"" + vendor.wording() + "\" (" + vendor.source() + ")");
            }
        }
        FlushModel.DeviceClass cls = FlushModel.DeviceClass.of(xpoint, plp.cheapFlush(), c.iface());
        return new Flush(cls.latencyUs(), FlushEvidence.CLASS_DEFAULT, String.format(Locale.ROOT,
                "assumed %s µs, %s (no measurement or stated latency for this drive in the catalog)", plain(
                        BigDecimal.valueOf(cls.latencyUs())), cls.basis()));
    }

    private static String measuredBasis(String what, List<Candidate.Measured> measured) {
        if (measured.size() == 1) {
            Candidate.Measured m = measured.get(0);
            return what + ": \"" + m.wording() + "\" (" + m.source() + ")";
        }
        StringBuilder b = new StringBuilder(what).append(": the median of ").append(measured.size())
                .append(" published 4K sync-write latencies (");
        for (int i = 0; i < measured.size(); i++) {
            Candidate.Measured m = measured.get(i);
            b.append(i == 0 ? "" : "; ").append(plain(BigDecimal.valueOf(m.latencyUs()))).append(" µs, ").append(m.source());
        }
        return b.append(')').toString();
    }

    static double median(List<Candidate.Measured> measured) {
        double[] values = measured.stream().mapToDouble(Candidate.Measured::latencyUs).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** Years of life at the write load, and how they were worked out (made only for the drives an answer keeps). */
    public record Endurance(Double lifeYears, String basis) {
    }

    /** TB written in a year at a steady write rate. */
    public static double tbPerYear(double writeMBps) {
        return writeMBps * 86_400 * 365 / 1e6;
    }

    /** Years of rated life at {@code tbPerYear}, as {@link #endurance} works them out; NaN when no rating is known. */
    public static double lifeYears(Candidate c, double tbPerYear) {
        return ratedTb(c) / tbPerYear;
    }

    /**
     * The terabytes a drive is rated to write: its TBW, or its DWPD over {@link #ASSUMED_RATING_YEARS};
     * NaN when no rating is known. Whatever the question, so the candidate model works it out once.
     */
    public static double ratedTb(Candidate c) {
        if (c.tbw() != null && c.tbw().number() != null) {
            return c.tbw().number().doubleValue();
        }
        if (c.dwpd() != null && c.dwpd().number() != null) {
            return dwpdTbPerDay(c) * 365 * ASSUMED_RATING_YEARS;
        }
        return Double.NaN;
    }

    /** The terabytes a day a drive's DWPD rating allows (it must have one). */
    private static double dwpdTbPerDay(Candidate c) {
        return c.dwpd().number().doubleValue() * c.capacityGb() / 1000.0;
    }

    public static double enduranceValue(double lifeYears) {
        return Double.isNaN(lifeYears) ? UNKNOWN : Math.min(1, lifeYears / SERVICE_YEARS);
    }

    public static Endurance endurance(Candidate c, double writeMBps) {
        return endurance(c, load(writeMBps), rating(c));
    }

    /**
     * The write load a question judges endurance at: TB a year, the rate as written, and the end of
     * every endurance basis ("÷ 315 TB a year at 10 MB/s"). Worked out once per question.
     */
    public record Load(double tbPerYear, String mbps, String perYear) {
    }

    public static Load load(double writeMBps) {
        double tbPerYear = tbPerYear(writeMBps);
        String mbps = plain(BigDecimal.valueOf(writeMBps));
        return new Load(tbPerYear, mbps, " ÷ " + Decimals.fixed(tbPerYear, 0) + " TB a year at " + mbps + " MB/s");
    }

    /** The rating an endurance basis starts from, whatever the load; null when none is known. */
    public static String rating(Candidate c) {
        if (c.tbw() != null && c.tbw().number() != null) {
            return plain(c.tbw().number()) + " TB written ("
                    + (c.tbw().derived() ? "derived: " + c.tbw().wording() : "stated: \"" + c.tbw().wording() + "\"") + ")";
        }
        if (c.dwpd() != null && c.dwpd().number() != null) {
            return plain(c.dwpd().number()) + " DWPD × " + Decimals.fixed(c.capacityGb() / 1000.0, 3) + " TB = "
                    + Decimals.fixed(dwpdTbPerDay(c), 2) + " TB a day, taken to hold for " + Decimals.fixed(ASSUMED_RATING_YEARS, 0)
                    + " years (no TBW or warranty in the catalog)";
        }
        return null;
    }

    /** Endurance at {@code load} of a drive whose {@link #rating} is {@code rating}. */
    public static Endurance endurance(Candidate c, Load load, String rating) {
        double years = lifeYears(c, load.tbPerYear());
        if (Double.isNaN(years)) {
            return new Endurance(null, "no endurance rating (TBW or DWPD) in the catalog");
        }
        return new Endurance(years, rating + load.perYear());
    }

    /** Room on one drive of the special mirror for what it must hold. */
    public static double roomValue(Optional<SpecialSizing.Need> need, int capacityGb) {
        if (need.isEmpty() || need.get().requiredGib() <= 0) {
            return 0.5;
        }
        double ratio = SpecialSizing.capacityGib(capacityGb) / need.get().requiredGib();
        return Math.max(0.5, Math.min(1, 0.5 + 0.5 * (ratio - 1)));
    }

    static String plain(BigDecimal value) {
        BigDecimal s = value.stripTrailingZeros();
        return (s.scale() < 0 ? s.setScale(0) : s).toPlainString();
    }

}
