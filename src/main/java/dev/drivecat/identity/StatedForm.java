package dev.drivecat.identity;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.common.ApiToken;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A drive's form as a listing states it, as precisely as it states it: one of the catalog's form
 * factors when the words (and the bus they name) leave one, or what they leave open ("M.2" of a
 * length not stated, a 2.5" drive whose bus is not stated). Market evidence, never a spec.
 */
public enum StatedForm implements ApiToken {
    INCH_2_5("2.5in", "2.5\" SATA or SAS", EnumSet.of(FormFactor.INCH_2_5)),
    U2("u2", "U.2", EnumSet.of(FormFactor.U2)),
    U3("u3", "U.3", EnumSet.of(FormFactor.U3)),
    M2_2280("m2-2280", "M.2 2280", EnumSet.of(FormFactor.M2_2280)),
    M2_22110("m2-22110", "M.2 22110", EnumSet.of(FormFactor.M2_22110)),
    AIC("aic", "add-in card", EnumSet.of(FormFactor.AIC)),
    E1S("e1s", "E1.S", EnumSet.of(FormFactor.E1S)),
    /** "M.2" with no length. */
    M2("m2", "M.2, length not stated", EnumSet.of(FormFactor.M2_2280, FormFactor.M2_22110)),
    /** A 2.5" NVMe drive whose connector is not named. */
    INCH_2_5_NVME("2.5in-nvme", "2.5\" NVMe (U.2 or U.3)", EnumSet.of(FormFactor.U2, FormFactor.U3)),
    /** A 2.5" drive whose bus is not named. */
    INCH_2_5_ANY("2.5in-any", "2.5\", bus not stated", EnumSet.of(FormFactor.INCH_2_5, FormFactor.U2, FormFactor.U3)),
    /** The short M.2 lengths, which the catalog holds none of. */
    M2_SHORT("m2-short", "M.2 2230, 2242 or 2260", EnumSet.noneOf(FormFactor.class)),
    /** The long EDSFF forms, which the catalog holds none of. */
    E1L_E3("e1l-e3", "E1.L or E3", EnumSet.noneOf(FormFactor.class)),
    MSATA("msata", "mSATA", EnumSet.noneOf(FormFactor.class));

    private final String token;
    private final String label;
    private final Set<FormFactor> allows;

    StatedForm(String token, String label, Set<FormFactor> allows) {
        this.token = token;
        this.label = label;
        this.allows = allows;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    /** How it reads to a person. */
    public String label() {
        return label;
    }

    /** The catalog form factor this is, when it is exactly one. */
    public Optional<FormFactor> formFactor() {
        return allows.size() == 1 ? Optional.of(allows.iterator().next()) : Optional.empty();
    }

    /** Whether a catalog drive of this form factor fits what was stated. */
    public boolean allows(FormFactor ff) {
        return allows.contains(ff);
    }

    /** The bus this form implies on its own (U.2 is NVMe), or null when it implies none. */
    public Interface impliedBus() {
        return switch (this) {
            case U2, U3, AIC, E1S, INCH_2_5_NVME, E1L_E3 -> Interface.NVME;
            case INCH_2_5, M2_2280, M2_22110, M2, INCH_2_5_ANY, M2_SHORT, MSATA -> null;
        };
    }

    /** The stated form of exactly this catalog form factor. */
    public static StatedForm of(FormFactor ff) {
        return switch (ff) {
            case INCH_2_5 -> INCH_2_5;
            case U2 -> U2;
            case U3 -> U3;
            case M2_2280 -> M2_2280;
            case M2_22110 -> M2_22110;
            case AIC -> AIC;
            case E1S -> E1S;
        };
    }
}
