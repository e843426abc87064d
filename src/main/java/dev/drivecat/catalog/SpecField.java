package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.Optional;

/**
 * The spec fields drivecat records, each with the unit its normalised value is kept in. A value
 * is a number ({@link ValueType#NUMBER}), one token of a closed set ({@link ValueType#TOKEN}), or
 * free text ({@link ValueType#TEXT}); the verbatim wording is kept whatever the type.
 */
public enum SpecField implements ApiToken {
    CAPACITY("capacity", ValueType.NUMBER, "GB", null),
    INTERFACE("interface", ValueType.TOKEN, null, Interface.class),
    FORM_FACTOR("formFactor", ValueType.TOKEN, null, FormFactor.class),
    PCIE_GEN("pcieGen", ValueType.NUMBER, null, null),
    PCIE_LANES("pcieLanes", ValueType.NUMBER, null, null),
    MEDIA("media", ValueType.TOKEN, null, Media.class),
    /** Power-loss protection; {@code appliesTo} names the model when the class is MODEL_SPECIFIC. */
    PLP("plp", ValueType.TOKEN, null, PlpClass.class),
    DWPD("dwpd", ValueType.NUMBER, "DWPD", null),
    /** Rated lifetime writes, terabytes (PBW is kept as TB: 5.11 PBW = 5110 TB). */
    TBW("tbw", ValueType.NUMBER, "TB", null),
    WARRANTY_YEARS("warrantyYears", ValueType.NUMBER, "years", null),
    /** The vendor's typical write latency. */
    WRITE_LATENCY("writeLatency", ValueType.NUMBER, "us", null),
    READ_LATENCY("readLatency", ValueType.NUMBER, "us", null),
    /** A measured 4K queue-depth-1 synchronous write latency, e.g. FreeBSD {@code diskinfo -wS}. */
    SYNC_WRITE_LATENCY("syncWriteLatency", ValueType.NUMBER, "us", null),
    RANDOM_WRITE_IOPS("randomWriteIops", ValueType.NUMBER, "IOPS", null),
    RANDOM_READ_IOPS("randomReadIops", ValueType.NUMBER, "IOPS", null),
    SEQ_WRITE("seqWrite", ValueType.NUMBER, "MB/s", null),
    SEQ_READ("seqRead", ValueType.NUMBER, "MB/s", null),
    PART_NUMBER("partNumber", ValueType.TEXT, null, null),
    /** Whether the OpenZFS hardware page's known-good SLOG list names this model. */
    OPENZFS_KNOWN_GOOD_SLOG("openzfsKnownGoodSlog", ValueType.TOKEN, null, Stated.class),
    /** A label no dictionary maps; {@code appliesTo} holds the label, the wording its value. */
    RAW("raw", ValueType.TEXT, null, null),
    /**
     * The form factors a source says the drive's series is made as, as form-factor tokens
     * separated by spaces ("m2-2280 m2-22110 u3 e1s"): a title that says only "M.2" then names
     * the one length the series comes in.
     */
    SERIES_FORM_FACTORS("seriesFormFactors", ValueType.TEXT, null, null);

    /** How a field's normalised value is held. */
    public enum ValueType { NUMBER, TOKEN, TEXT }

    private final String token;
    private final ValueType valueType;
    private final String unit;
    private final Class<? extends Enum<?>> tokenType;

    SpecField(String token, ValueType valueType, String unit, Class<? extends Enum<?>> tokenType) {
        this.token = token;
        this.valueType = valueType;
        this.unit = unit;
        this.tokenType = tokenType;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    public ValueType valueType() {
        return valueType;
    }

    /** The unit a normalised number is kept in, if the field has one. */
    public Optional<String> unit() {
        return Optional.ofNullable(unit);
    }

    /** The closed set a TOKEN field's value comes from. */
    public Optional<Class<? extends Enum<?>>> tokenType() {
        return Optional.ofNullable(tokenType);
    }
}
