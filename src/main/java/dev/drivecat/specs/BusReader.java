package dev.drivecat.specs;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How a drive connects: the interface (NVMe, SAS, SATA; PCIe without NVMe names no protocol), the
 * PCIe generation and lanes, and the form factor. Pure.
 */
final class BusReader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern NVME = Pattern.compile("nvme|nvm express", FLAGS);
    private static final Pattern SAS = Pattern.compile("(?<![a-z])sas(?![a-z])|serial attached scsi", FLAGS);
    private static final Pattern SATA = Pattern.compile("(?<![a-z])sata|serial ata", FLAGS);
    private static final Pattern PCIE = Pattern.compile("pci\\s*-?\\s*e|pci express|nvme", FLAGS);
    private static final Pattern PCIE_GEN_WORDING = Pattern.compile(
            "(?:pci\\s*-?\\s*e(?:xpress)?|pci express)\\s*(?:nvme\\s*)?(?:gen\\s*)?([1-6])(?:\\.0)?(?![0-9])|gen\\s*([1-6])(?![0-9.])", FLAGS);
    private static final Pattern PCIE_LANES_WORDING = Pattern.compile(
            "(?<![a-z0-9])(?:[0-9]\\s*)?x\\s*(16|8|4|2|1)(?![0-9])|(?<![0-9])(16|8|4|2|1)\\s*lanes?", FLAGS);

    private BusReader() {
    }

    static List<Reading> iface(String text) {
        List<Reading> readings = new ArrayList<>();
        Set<Interface> found = new LinkedHashSet<>();
        if (NVME.matcher(text).find()) {
            found.add(Interface.NVME);
        }
        if (SAS.matcher(text).find()) {
            found.add(Interface.SAS);
        }
        if (SATA.matcher(text).find()) {
            found.add(Interface.SATA);
        }
        if (found.size() == 1) {
            readings.add(Reading.token(SpecField.INTERFACE, found.iterator().next().token(), null, null));
        } else if (found.isEmpty()) {
            readings.add(Reading.none(SpecField.INTERFACE, PCIE.matcher(text).find()
                    ? "PCIe without NVMe named; the protocol is not guessed" : "no SATA, SAS or NVMe named"));
        } else {
            readings.add(Reading.none(SpecField.INTERFACE, "several interfaces named"));
        }
        if (PCIE.matcher(text).find()) {
            pcieGen(text).ifPresent(g -> readings.add(Reading.number(SpecField.PCIE_GEN, BigDecimal.valueOf(g), null)));
            pcieLanes(text).ifPresent(l -> readings.add(Reading.number(SpecField.PCIE_LANES, BigDecimal.valueOf(l), null)));
        }
        return readings;
    }

    static Optional<Integer> pcieGen(String text) {
        Set<Integer> gens = new TreeSet<>();
        Matcher m = PCIE_GEN_WORDING.matcher(text);
        while (m.find()) {
            gens.add(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
        }
        return gens.size() == 1 ? Optional.of(gens.iterator().next()) : Optional.empty();
    }

    static Optional<Integer> pcieLanes(String text) {
        Set<Integer> lanes = new TreeSet<>();
        Matcher m = PCIE_LANES_WORDING.matcher(text);
        while (m.find()) {
            lanes.add(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
        }
        return lanes.size() == 1 ? Optional.of(lanes.iterator().next()) : Optional.empty();
    }

    static Reading formFactor(String text) {
        Set<FormFactor> found = new LinkedHashSet<>();
        if (Pattern.compile("22\\s*x\\s*110|22110", FLAGS).matcher(text).find()) {
            found.add(FormFactor.M2_22110);
        }
        if (Pattern.compile("22\\s*x\\s*80(?![0-9])|(?<![0-9])2280(?![0-9])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.M2_2280);
        }
        if (Pattern.compile("(?<![a-z])u\\.?2(?![0-9])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.U2);
        }
        if (Pattern.compile("(?<![a-z])u\\.?3(?![0-9])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.U3);
        }
        if (Pattern.compile("(?<![a-z])e1\\.?s(?![a-z])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.E1S);
        }
        if (Pattern.compile("hhhl|fhhl|add-in|(?<![a-z])aic(?![a-z])|(?<![a-z])cem(?![a-z])|half[\\s-]height|pcie card|expansion card", FLAGS)
                .matcher(text).find()) {
            found.add(FormFactor.AIC);
        }
        boolean twoAndAHalf = Pattern.compile("2\\.5\\s*(?:\"|'|-?\\s*inch|-?\\s*in(?![a-z])|-?\\s*дюйм)|(?<![a-z])sff(?![a-z])", FLAGS)
                .matcher(text).find();
        if (twoAndAHalf && !found.contains(FormFactor.U2) && !found.contains(FormFactor.U3)) {
            found.add(FormFactor.INCH_2_5);
        }
        if (found.size() == 1) {
            return Reading.token(SpecField.FORM_FACTOR, found.iterator().next().token(), null, null);
        }
        if (found.isEmpty()) {
            return Reading.none(SpecField.FORM_FACTOR, Pattern.compile("m\\.?2", FLAGS).matcher(text).find()
                    ? "M.2 without its length" : "no form factor drivecat knows");
        }
        return Reading.none(SpecField.FORM_FACTOR, "several form factors ("
                + found.stream().map(FormFactor::token).collect(Collectors.joining(", ")) + "); none chosen");
    }
}
