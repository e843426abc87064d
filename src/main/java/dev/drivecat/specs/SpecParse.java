package dev.drivecat.specs;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.common.Text;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * What a spec source says, read through a dictionary: per variant (one for a page, one per column
 * of a wide table) the drive it describes and every value found, each with its label, the source's
 * words and the normalised value. Pure data; nothing here has touched the catalog.
 */
public record SpecParse(
        String dictionaryId,
        String dictionaryName,
        String recognisedBy,
        SourceKind kind,
        String title,
        List<String> pageNames,
        List<Variant> variants) {

    /**
     * The texts that name the product outside its spec rows (the page title, its heading), for
     * part numbers that identify the drive; a table has none.
     */
    public SpecParse {
        pageNames = List.copyOf(pageNames);
    }

    /** One drive's worth of values; {@code name} is the column or model it came from, null for a page. */
    public record Variant(String name, Identity identity, List<Found> values) {
    }

    /** Who the drive is, as far as the source says (and the admin's hints fill in). */
    public record Identity(String vendor, String model, List<String> partNumbers, Integer capacityGb, Interface iface,
                           FormFactor formFactor, Integer pcieGen, Integer pcieLanes) {

        /** A drive's names from a page or a table: one line each. */
        public Identity {
            vendor = Text.singleLine(vendor);
            model = Text.singleLine(model);
        }

        /** What creating a drive needs and the source did not say, by parameter name. */
        public List<String> missingForCreate() {
            List<String> missing = new ArrayList<>();
            if (vendor == null) {
                missing.add("vendor");
            }
            if (model == null) {
                missing.add("model");
            }
            if (capacityGb == null) {
                missing.add("capacity");
            }
            if (iface == null) {
                missing.add("interface");
            }
            if (formFactor == null) {
                missing.add("formFactor");
            }
            return missing;
        }
    }

    /**
     * One value found. {@code label} and {@code value} are the source's; {@code wording} is what
     * is stored as the verbatim evidence ("Label: value", or for a raw value the value alone with
     * the label in {@code appliesTo}). {@code identity} marks a row read as the vendor or model.
     */
    public record Found(String label, String value, String wording, SpecField field, BigDecimal number, String token, String text,
                        String appliesTo, String note, String dictionary, String identity) {

        public boolean hasValue() {
            return number != null || token != null || text != null;
        }

        public String unit() {
            return number == null ? null : field.unit().orElse(null);
        }
    }
}
