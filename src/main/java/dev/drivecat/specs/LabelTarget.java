package dev.drivecat.specs;

import dev.drivecat.catalog.SpecField;
import dev.drivecat.common.ApiToken;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a label in a spec dictionary maps to: one catalog field, a row that may state several
 * fields at once (endurance: TBW, DWPD and warranty; read/write pairs), or a part of the drive's
 * identity (vendor, model) used for matching. The token is what the YAML dictionaries write.
 */
public enum LabelTarget implements ApiToken {
    CAPACITY(SpecField.CAPACITY),
    INTERFACE(SpecField.INTERFACE),
    FORM_FACTOR(SpecField.FORM_FACTOR),
    PCIE_GEN(SpecField.PCIE_GEN),
    PCIE_LANES(SpecField.PCIE_LANES),
    MEDIA(SpecField.MEDIA),
    PLP(SpecField.PLP),
    DWPD(SpecField.DWPD),
    TBW(SpecField.TBW),
    WARRANTY_YEARS(SpecField.WARRANTY_YEARS),
    WRITE_LATENCY(SpecField.WRITE_LATENCY),
    READ_LATENCY(SpecField.READ_LATENCY),
    RANDOM_WRITE_IOPS(SpecField.RANDOM_WRITE_IOPS),
    RANDOM_READ_IOPS(SpecField.RANDOM_READ_IOPS),
    SEQ_WRITE(SpecField.SEQ_WRITE),
    SEQ_READ(SpecField.SEQ_READ),
    PART_NUMBER(SpecField.PART_NUMBER),
    /** A label known to carry nothing the catalog reads; kept as raw provenance like an unknown one. */
    RAW(SpecField.RAW),
    /** Endurance in any wording: TBW, PBW, DWPD, and the years it is rated for. */
    ENDURANCE("endurance"),
    /** Read and write latency in one row ("Read/Write: 10/10 µs"). */
    LATENCY("latency"),
    /** Sequential read and write in one row. */
    SEQUENTIAL("sequential"),
    /** Random read and write IOPS in one row. */
    RANDOM_IOPS("randomIops"),
    /** The vendor (brand) name, for matching and creating a drive. */
    VENDOR("vendor"),
    /** The model name, for matching and creating a drive. */
    MODEL("model");

    private final SpecField field;
    private final String token;

    LabelTarget(SpecField field) {
        this.field = field;
        this.token = field.token();
    }

    LabelTarget(String token) {
        this.field = null;
        this.token = token;
    }

    @Override
    public String token() {
        return token;
    }

    /** The one catalog field this target is, if it is one. */
    public Optional<SpecField> field() {
        return Optional.ofNullable(field);
    }

    public boolean isIdentity() {
        return this == VENDOR || this == MODEL;
    }

    public static List<String> tokens() {
        return Arrays.stream(values()).map(LabelTarget::token).toList();
    }
}
