package dev.drivecat.pages;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.Dates;
import dev.drivecat.digest.ChangeWords;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Money;
import dev.drivecat.ranking.Exclusion;
import dev.drivecat.ranking.PlpRequirement;
import dev.drivecat.ranking.ScoreComponent;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.Map;

/**
 * The API's tokens as people read them on a page: "NVMe" not {@code nvme}, "3D XPoint" not
 * {@code 3d-xpoint}, and what a PLP class means for a SLOG. Money is {@link Money},
 * dates {@link Dates}, conditions and seller types the digest's
 * {@link ChangeWords}: one phrasing each, pages and mail alike.
 */
final class Words {

    private Words() {
    }

    static String iface(Interface i) {
        return i == null ? "" : switch (i) {
            case SATA -> "SATA";
            case SAS -> "SAS";
            case NVME -> "NVMe";
        };
    }

    /** The filters /recommend and /drives take, as a form shows them. */
    static String interfaceFilter(InterfaceFilter f) {
        return switch (f) {
            case SATA -> "SATA";
            case SAS -> "SAS";
            case NVME -> "NVMe (any slot)";
            case M2 -> "M.2";
            case U2 -> "U.2";
            case U3 -> "U.3";
            case AIC -> "add-in card";
            case E1S -> "E1.S";
        };
    }

    static String formFactor(FormFactor f) {
        return f == null ? "" : f.label();
    }

    static String media(Media m) {
        if (m == null) {
            return "not stated";
        }
        return switch (m) {
            case XPOINT_3D -> "3D XPoint (Optane)";
            case SLC -> "SLC NAND";
            case MLC -> "MLC NAND";
            case TLC -> "TLC NAND";
            case QLC -> "QLC NAND";
            case NAND -> "NAND";
        };
    }

    /** A PLP class in a few words. An unknown class (one added later) reads as its token until it gets words here. */
    static String plpClass(PlpClass c) {
        if (c == null) {
            return "not stated";
        }
        return switch (c.token()) {
            case "STATED_YES" -> "stated: yes";
            case "STATED_NO" -> "stated: no";
            case "MODEL_SPECIFIC" -> "on one model only";
            case "NOT_STATED" -> "not stated";
            default -> c.token().toLowerCase(Locale.ROOT).replace('_', ' ');
        };
    }

    /** What a flush costs, in words. */
    static String plpFlush(PlpAssessment.Flush f) {
        return switch (f) {
            case CHEAP -> "cheap: acknowledged at once";
            case WAITS_FOR_FLASH -> "waits for the flash (slow)";
            case UNKNOWN -> "not known (taken to wait for the flash)";
        };
    }

    /** Whether acknowledged writes survive a power cut, in words. */
    static String plpSafe(PlpAssessment.Safe s) {
        return switch (s) {
            case YES -> "yes: flushed data is kept through a power cut";
            case IF_IT_HONOURS_FLUSHES -> "as long as it honours flushes (slow, not unsafe)";
            case DISPUTED -> "disputed: the sources disagree";
            case UNKNOWN -> "unknown";
        };
    }

    /** The form's choice that leaves plp to the API's default, which depends on where the ZIL lives. */
    static final String PLP_DEFAULT = "default (required where the ZIL lives, else any)";

    static String plpRequirement(PlpRequirement r) {
        return switch (r) {
            case REQUIRED -> "required (only drives with the protection the role needs)";
            case PREFERRED -> "preferred (as any, with a note that drives required would leave out rank by their points)";
            case ANY -> "any (every drive, ranked by its points)";
        };
    }

    static String layout(VdevType l) {
        return switch (l) {
            case MIRROR -> "mirror";
            case RAIDZ1 -> "RAIDZ1";
            case RAIDZ2 -> "RAIDZ2";
            case RAIDZ3 -> "RAIDZ3";
            case DRAID1 -> "dRAID1";
            case DRAID2 -> "dRAID2";
            case DRAID3 -> "dRAID3";
            case DISK -> "single-device vdevs (no redundancy)";
        };
    }

    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("capacity", "Capacity"),
            Map.entry("interface", "Interface"),
            Map.entry("formFactor", "Form factor"),
            Map.entry("pcieGen", "PCIe generation"),
            Map.entry("pcieLanes", "PCIe lanes"),
            Map.entry("media", "Media"),
            Map.entry("plp", "Power-loss protection"),
            Map.entry("dwpd", "Drive writes per day"),
            Map.entry("tbw", "Rated writes (TBW)"),
            Map.entry("warrantyYears", "Warranty"),
            Map.entry("writeLatency", "Write latency (vendor)"),
            Map.entry("readLatency", "Read latency (vendor)"),
            Map.entry("syncWriteLatency", "4K sync write latency (measured)"),
            Map.entry("randomWriteIops", "Random write IOPS"),
            Map.entry("randomReadIops", "Random read IOPS"),
            Map.entry("seqWrite", "Sequential write"),
            Map.entry("seqRead", "Sequential read"),
            Map.entry("partNumber", "Part number"),
            Map.entry("openzfsKnownGoodSlog", "On OpenZFS's known-good SLOG list"),
            Map.entry("raw", "Other"));

    /** A spec field's name; a field added later reads as its token until it gets words here. */
    static String field(String token) {
        return FIELDS.getOrDefault(token, token);
    }

    static String field(SpecField f) {
        return field(f.token());
    }

    /** A spec value with its unit, as the catalog keeps it: "30 DWPD", "14 µs", "5 years", "yes". */
    static String value(Object value, String unit) {
        if (value == null) {
            return "(not read as a value)";
        }
        String text;
        if (value instanceof BigDecimal n) {
            text = number(n);
        } else if (value instanceof Number n) {
            text = number(new BigDecimal(n.toString()));
        } else {
            text = tokenWords(value.toString());
        }
        if (unit == null || unit.isBlank()) {
            return text;
        }
        String u = switch (unit) {
            case "us" -> "µs";
            case "years" -> "1".equals(text) ? "year" : "years";
            default -> unit;
        };
        return text + " " + u;
    }

    /** A token value (an interface, a media, a PLP class, yes/no) in words. */
    private static String tokenWords(String token) {
        for (Class<? extends Enum<?>> type : java.util.List.<Class<? extends Enum<?>>>of(Interface.class, FormFactor.class,
                Media.class, PlpClass.class)) {
            for (Enum<?> constant : type.getEnumConstants()) {
                if (((ApiToken) constant).token().equals(token)) {
                    if (constant instanceof Interface i) {
                        return iface(i);
                    }
                    if (constant instanceof FormFactor f) {
                        return formFactor(f);
                    }
                    if (constant instanceof Media m) {
                        return media(m);
                    }
                    return plpClass((PlpClass) constant);
                }
            }
        }
        return switch (token) {
            case "YES" -> "yes";
            case "NO" -> "no";
            default -> token;
        };
    }

    static String number(BigDecimal n) {
        NumberFormat f = NumberFormat.getNumberInstance(Locale.US);
        f.setMaximumFractionDigits(Math.max(0, n.stripTrailingZeros().scale()));
        return f.format(n);
    }

    static String number(long n) {
        return NumberFormat.getIntegerInstance(Locale.US).format(n);
    }

    static String sourceKind(SourceKind k) {
        if (k == null) {
            return "";
        }
        return switch (k) {
            case VENDOR_PAGE -> "vendor page";
            case VENDOR_DATASHEET -> "vendor datasheet";
            case REVIEW -> "review";
            case MEASUREMENT -> "measurement";
            case DERIVED -> "derived";
        };
    }

    /** A score component's name. */
    static String component(ScoreComponent name) {
        return switch (name) {
            case FLUSH -> "Flush";
            case PLP -> "Power-loss protection";
            case ENDURANCE -> "Endurance";
            case PRICE -> "Price";
            case ROOM -> "Room";
        };
    }

    /** Why /recommend left drives out. */
    static String excluded(Exclusion reason) {
        return reason.words();
    }

    /** A link only for http(s) addresses: a urn: names a document with no public address. */
    static String href(String url) {
        if (url == null) {
            return null;
        }
        String u = url.trim().toLowerCase(Locale.ROOT);
        return u.startsWith("https://") || u.startsWith("http://") ? url : null;
    }
}
