package dev.drivecat.identity;

import dev.drivecat.catalog.Interface;
import java.util.List;

/**
 * A drive the catalog lacks, as one listing names it: its maker, its model as sellers write it, its
 * capacity, and its form and bus where the listing states them. Evidence about the market, never a
 * spec: nothing here enters the catalog as a value.
 *
 * @param maker the maker as identity knows it ("intel" for Solidigm's and Intel's lines, "micron" for
 *     Crucial's), lower case
 * @param makerName the maker as people write it ("Intel", "Western Digital")
 * @param model the model as the listing writes it, upper case ("D3-S4610", "7450 PRO"), or the
 *     catalog's own model name when the listing names a series the catalog holds
 * @param modelKey the model read for grouping: its numbered words and variant words, without the
 *     family words sellers add or leave out ("s4610" for "D3-S4610", "DC S4610" and "S4610")
 * @param capacityGb the capacity in decimal GB, read to the SKU it rounds to ("1.9TB" is 1920)
 * @param form the form as stated, or null when the listing states none
 * @param bus the bus as stated (or implied by the form: U.2 is NVMe), or null
 * @param partNumbers part-number-shaped words of the listing, upper case
 * @param knownSeries whether the model is a series the catalog already holds (in another capacity or form)
 */
public record ProposedDrive(String maker, String makerName, String model, String modelKey, int capacityGb, StatedForm form,
                            Interface bus, List<String> partNumbers, boolean knownSeries) {

    public ProposedDrive {
        partNumbers = List.copyOf(partNumbers);
    }

    /** The maker a written name stands for, as {@link #maker()} holds it ("Solidigm" and "Intel" are "intel"). */
    public static String makerNamed(String written) {
        return Vocabulary.maker(written);
    }

    /** Why a listing proposes no drive, or the drive it proposes. */
    public sealed interface Reading permits Proposes, ProposesNothing {
    }

    /** The listing names one drive the catalog lacks. */
    public record Proposes(ProposedDrive drive) implements Reading {
    }

    /**
     * The listing names no one drive the catalog lacks, and why, in words.
     *
     * @param catalogDrive the catalog drive it names, when that is why (null otherwise)
     */
    public record ProposesNothing(String why, String catalogDrive) implements Reading {

        public ProposesNothing(String why) {
            this(why, null);
        }
    }
}
