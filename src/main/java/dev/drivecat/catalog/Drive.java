package dev.drivecat.catalog;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** One SKU: a model at one capacity in one form factor. */
@Entity
@Table(name = "drive")
public class Drive extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String slug;
    public String vendor;
    public String model;

    @Column(name = "capacity_gb")
    public int capacityGb;

    @Column(name = "interface")
    public Interface iface;

    @Column(name = "form_factor")
    public FormFactor formFactor;

    @Column(name = "pcie_gen")
    public Short pcieGen;

    @Column(name = "pcie_lanes")
    public Short pcieLanes;

    public Media media;

    public Boolean discontinued;

    @Column(name = "created_at", insertable = false, updatable = false)
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    @ElementCollection
    @CollectionTable(name = "drive_part_number", joinColumns = @JoinColumn(name = "drive_id"))
    @Column(name = "part_number")
    public Set<String> partNumbers = new TreeSet<>();

    public static Optional<Drive> findBySlug(String slug) {
        return find("slug", slug).firstResultOptional();
    }

    /** The drives with these slugs, by slug, in one query (a slug without a drive is absent). */
    public static Map<String, Drive> bySlugs(Collection<String> slugs) {
        Map<String, Drive> found = new HashMap<>();
        if (!slugs.isEmpty()) {
            Drive.<Drive>list("slug in ?1", List.copyOf(slugs)).forEach(d -> found.put(d.slug, d));
        }
        return found;
    }

    /** A drive as people name it: "Intel Optane SSD DC P4800X 375GB" (pages and mail say this, never the slug). */
    public static String name(String vendor, String model, int capacityGb) {
        return vendor + " " + model + " " + capacityLabel(capacityGb);
    }

    /** A capacity as drives are named: "1.92TB" stays in GB ("1920GB"), a whole number of TB reads "2TB". */
    public static String capacityLabel(int capacityGb) {
        return capacityGb >= 1000 && capacityGb % 1000 == 0 ? (capacityGb / 1000) + "TB" : capacityGb + "GB";
    }
}
