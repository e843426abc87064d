package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.List;
import java.util.Optional;

/**
 * What users mean by "interface" when they look for a drive: a bus ({@code sata}, {@code sas},
 * {@code nvme}) or the slot it goes in ({@code m2}, {@code u2}, {@code u3}, {@code aic},
 * {@code e1s}). {@code interface=m2} matches every M.2 drive, {@code interface=sata} every SATA
 * drive whatever its form. {@code u2} also matches U.3 drives, which work in U.2 NVMe bays (a U.2
 * drive does not work in a U.3 tri-mode bay, so {@code u3} matches U.3 drives only).
 */
public enum InterfaceFilter implements ApiToken {
    SATA("sata", Interface.SATA, List.of()),
    SAS("sas", Interface.SAS, List.of()),
    NVME("nvme", Interface.NVME, List.of()),
    M2("m2", null, List.of(FormFactor.M2_2280, FormFactor.M2_22110)),
    U2("u2", null, List.of(FormFactor.U2, FormFactor.U3)),
    U3("u3", null, List.of(FormFactor.U3)),
    AIC("aic", null, List.of(FormFactor.AIC)),
    E1S("e1s", null, List.of(FormFactor.E1S));

    private final String token;
    private final Interface bus;
    private final List<FormFactor> formFactors;

    InterfaceFilter(String token, Interface bus, List<FormFactor> formFactors) {
        this.token = token;
        this.bus = bus;
        this.formFactors = formFactors;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    public Optional<Interface> bus() {
        return Optional.ofNullable(bus);
    }

    public List<FormFactor> formFactors() {
        return formFactors;
    }

    /**
     * A SQL condition on a drive row aliased {@code d} matching any of the filters (null when the
     * list is empty), binding its values into {@code params}.
     */
    public static String sqlCondition(List<InterfaceFilter> filters, java.util.Map<String, Object> params) {
        if (filters.isEmpty()) {
            return null;
        }
        List<String> buses = filters.stream().flatMap(f -> f.bus().stream()).map(Interface::token).toList();
        List<String> forms = filters.stream().flatMap(f -> f.formFactors().stream()).map(FormFactor::token).toList();
        List<String> or = new java.util.ArrayList<>();
        if (!buses.isEmpty()) {
            or.add("d.interface IN (:interfaceBuses)");
            params.put("interfaceBuses", buses);
        }
        if (!forms.isEmpty()) {
            or.add("d.form_factor IN (:interfaceForms)");
            params.put("interfaceForms", forms);
        }
        return "(" + String.join(" OR ", or) + ")";
    }

    public boolean matches(Interface driveInterface, FormFactor formFactor) {
        return bus != null ? bus == driveInterface : formFactors.contains(formFactor);
    }
}
