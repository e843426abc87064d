package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.Interface;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a text says of a form factor and a bus. Each shape has a quick test (strings one of which
 * the text must contain) before its pattern: every spelling the pattern reads passes it.
 */
class ShapeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Samsung 990 PRO M.2 2280|M2 M2_2280",
            "m. 2 ngff 22x80|M2 M2_2280",
            "WD SN700 80mm|M2_2280",
            "M2 22110 PCIe|M2 M2_22110",
            "Crucial P310 2230|M2_SHORT",
            "Micron 2400 42mm|M2_SHORT",
            "PM9A3 U.2 NVMe|U2",
            "Micron 7450 u3|U3",
            "Optane 900P HHHL card|ADD_IN_CARD",
            "Optane P4800X half-height|ADD_IN_CARD",
            "P4800X 1/2 Height|ADD_IN_CARD",
            "low profile bracket|ADD_IN_CARD",
            "Add-in-Card 1.6TB|ADD_IN_CARD",
            "PCIe x4 card|ADD_IN_CARD",
            "PM893 2.5\" SATA|INCH_2_5",
            "SAS SSD 2,5 Zoll|INCH_2_5",
            "SSD 2.5 internal|INCH_2_5",
            "SFF drive|INCH_2_5",
            "3.5 inch HDD|INCH_3_5",
            "mSATA 256GB|MSATA",
            "Micron 7450 E1.S|E1S",
            "E1.L 15.36TB|E1L_E3",
            "E3.S 7.68TB|E1L_E3",
            "Samsung T7 Portable|EXTERNAL",
            "SSD externe USB-C|EXTERNAL",
            "зовнішній SSD|EXTERNAL",
            "внешний накопитель|EXTERNAL"})
    void eachShapeIsReadInEverySpellingItsPatternKnows(String text, String expected) {
        String plain = Words.plain(text);
        Set<Shape> found = EnumSet.noneOf(Shape.class);
        for (Shape s : Shape.values()) {
            assertThat(s.in(plain)).as(s + " in " + text).isEqualTo(s.pattern().matcher(plain).find());
            if (s.in(plain)) {
                found.add(s);
            }
        }
        Set<Shape> shapes = EnumSet.noneOf(Shape.class);
        for (String name : expected.split(" ")) {
            shapes.add(Shape.valueOf(name));
        }
        assertThat(found).as(text).containsExactlyInAnyOrderElementsOf(shapes);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Samsung PM893 SATA III|SATA",
            "SATAIII 6Gb/s|SATA",
            "sata/600|SATA",
            "HGST SAS 12Gb/s|SAS",
            "SAS3 SSD|SAS",
            "PCIe 4.0 x4|NVME",
            "PCI-E 3.0|NVME",
            "PCI Express 4.0|NVME",
            "pcie4 nvme1.4|NVME",
            "NVMe SSD|NVME"})
    void eachBusIsReadInEverySpellingItsPatternKnows(String text, Interface bus) {
        String plain = Words.plain(text);
        for (Shape.Bus b : Shape.Bus.values()) {
            assertThat(b.in(plain)).as(b + " in " + text).isEqualTo(b.pattern.matcher(plain).find());
        }
        assertThat(Shape.Bus.valueOf(bus.name()).in(plain)).isTrue();
    }
}
