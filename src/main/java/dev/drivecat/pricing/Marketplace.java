package dev.drivecat.pricing;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.Optional;

/** A place that sells drives, e.g. Amazon US. */
@Entity
@Table(name = "marketplace")
public class Marketplace extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String code;
    public String name;
    public String host;

    @Column(name = "default_currency")
    public String defaultCurrency;

    /** How long after its newest observation an offer is shown as current; null: for as long as it is the newest. */
    @Column(name = "current_for_seconds")
    public Integer currentForSeconds;

    /** What a listing keeps once it has ended. */
    @Column(name = "after_end")
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    public AfterEnd afterEnd = AfterEnd.KEEP;

    public static Optional<Marketplace> findByCode(String code) {
        return find("code", code).firstResultOptional();
    }
}
