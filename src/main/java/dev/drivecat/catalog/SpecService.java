package dev.drivecat.catalog;

import dev.drivecat.common.ApiToken;
import dev.drivecat.database.CatalogWrites;
import dev.drivecat.database.Columns;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Stores spec statements with their provenance and keeps, per drive and field, the derived values
 * and the one chosen value in step with the statements.
 */
@ApplicationScoped
public class SpecService {

    static final String DERIVED_SOURCE = "urn:drivecat:derived";
    static final String DERIVATION_IMPORTER = "endurance-derivation";
    static final String DERIVATION_VERSION = "1";

    @Inject
    EntityManager em;

    @Inject
    CatalogWrites writes;

    /** Stores the statement unless the same source already said the same; true if it was new. */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean add(Drive drive, SpecStatement s) {
        List<?> inserted = em.createNativeQuery("""
                INSERT INTO spec_value (drive_id, field, value_number, value_token, value_text, unit, applies_to, wording,
                                        source_url, source_title, source_kind, retrieved_at, importer, importer_version, claim)
                VALUES (:drive, :field, :number, :token, :text, :unit, :appliesTo, :wording,
                        :sourceUrl, :sourceTitle, :sourceKind, :retrievedAt, :importer, :importerVersion, :claim)
                ON CONFLICT ON CONSTRAINT spec_value_statement_uq DO NOTHING
                RETURNING id
                """)
                .setParameter("drive", drive.id)
                .setParameter("field", s.field().token())
                .setParameter("number", s.number())
                .setParameter("token", s.token())
                .setParameter("text", s.text())
                .setParameter("unit", s.unit())
                .setParameter("appliesTo", s.appliesTo())
                .setParameter("wording", s.wording())
                .setParameter("sourceUrl", s.source().url())
                .setParameter("sourceTitle", s.source().title())
                .setParameter("sourceKind", s.source().kind().token())
                .setParameter("retrievedAt", s.source().retrievedAt().atOffset(java.time.ZoneOffset.UTC))
                .setParameter("importer", s.importer())
                .setParameter("importerVersion", s.importerVersion())
                .setParameter("claim", s.claim())
                .getResultList();
        if (!inserted.isEmpty()) {
            writes.mark();
        }
        return !inserted.isEmpty();
    }

    /**
     * What storing statements would do, without storing anything: which of them are new (the
     * others the same source already said), and the values drivecat would then derive for the
     * drive, exactly as {@link #refresh} derives them after a real import.
     *
     * @param driveId the drive, or null for a drive that does not exist yet
     * @param capacityGb the drive's capacity (for a new drive, the one it would be created with)
     */
    public record Preview(List<Boolean> isNew, List<EnduranceDerivation.Derived> derived) {
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Preview preview(Long driveId, int capacityGb, List<SpecStatement> statements) {
        List<SpecRow> stated = new ArrayList<>(driveId == null ? List.of() : rows(driveId).stream().filter(r -> !r.derived()).toList());
        List<Boolean> isNew = new ArrayList<>();
        long notYetStored = 0;
        for (SpecStatement s : statements) {
            boolean present = stated.stream().anyMatch(r -> sameStatement(r, s));
            isNew.add(!present);
            if (!present) {
                // ids below zero mark values the preview adds: the derivation names them as not yet stored
                stated.add(new SpecRow(--notYetStored, s.field(), s.number(), s.token(), s.text(), s.unit(), s.appliesTo(), s.wording(),
                        s.source().url(), s.source().title(), s.source().kind(), s.source().retrievedAt(), null, s.importer(),
                        s.importerVersion(), false));
            }
        }
        return new Preview(List.copyOf(isNew), derive(capacityGb, stated));
    }

    /** The unique key of a statement (spec_value_statement_uq): the same source saying the same about the same field. */
    private static boolean sameStatement(SpecRow r, SpecStatement s) {
        return r.field() == s.field() && r.sourceUrl().equals(s.source().url()) && java.util.Objects.equals(r.appliesTo(), s.appliesTo())
                && r.wording().equals(s.wording()) && r.sourceKind() == s.source().kind();
    }

    private static List<EnduranceDerivation.Derived> derive(int capacityGb, List<SpecRow> all) {
        Map<SpecField, Optional<SpecRow>> stated = new EnumMap<>(SpecField.class);
        for (SpecField f : Set.of(SpecField.DWPD, SpecField.TBW, SpecField.WARRANTY_YEARS)) {
            stated.put(f, SpecChoice.choose(all.stream()
                    .filter(r -> r.field() == f && !r.derived() && r.number() != null).toList()));
        }
        return EnduranceDerivation.derive(capacityGb, stated.get(SpecField.DWPD), stated.get(SpecField.TBW),
                stated.get(SpecField.WARRANTY_YEARS));
    }

    /** Every stored value of a drive, chosen ones first within each field. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SpecRow> values(long driveId) {
        return rows(driveId);
    }

    /**
     * Re-derives endurance values from the stated ones, re-chooses every field by
     * {@link SpecChoice}, and copies the chosen media onto the drive. Idempotent.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void refresh(Drive drive) {
        // the drive itself may have been created or changed by the caller: the ranking reads it again
        writes.mark();
        em.flush();
        List<SpecRow> all = rows(drive.id);
        syncDerived(drive, all);
        all = rows(drive.id);

        Map<SpecField, List<SpecRow>> byField = all.stream()
                .collect(Collectors.groupingBy(SpecRow::field, () -> new EnumMap<>(SpecField.class), Collectors.toList()));
        List<Long> chosen = new ArrayList<>();
        byField.forEach((field, candidates) -> {
            if (field == SpecField.RAW || field == SpecField.PART_NUMBER) {
                return; // many labels / many part numbers: nothing to choose between
            }
            SpecChoice.choose(candidates).ifPresent(row -> chosen.add(row.id()));
        });
        em.createNativeQuery("UPDATE spec_value SET chosen = false WHERE drive_id = :drive AND chosen AND id NOT IN (:ids)")
                .setParameter("drive", drive.id)
                .setParameter("ids", chosen.isEmpty() ? List.of(-1L) : chosen)
                .executeUpdate();
        if (!chosen.isEmpty()) {
            em.createNativeQuery("UPDATE spec_value SET chosen = true WHERE id IN (:ids) AND NOT chosen")
                    .setParameter("ids", chosen)
                    .executeUpdate();
        }
        Media media = all.stream()
                .filter(r -> r.field() == SpecField.MEDIA && chosen.contains(r.id()) && r.token() != null)
                .findFirst()
                .flatMap(r -> ApiToken.parse(Media.class, r.token()))
                .orElse(null);
        if (drive.media != media) {
            drive.media = media;
            drive.updatedAt = Instant.now();
        }
    }

    private void syncDerived(Drive drive, List<SpecRow> all) {
        List<EnduranceDerivation.Derived> wanted = derive(drive.capacityGb, all);
        List<SpecRow> existing = all.stream().filter(SpecRow::derived).toList();
        for (SpecRow old : existing) {
            boolean stillWanted = wanted.stream().anyMatch(w -> w.field() == old.field() && w.wording().equals(old.wording())
                    && w.derivedFrom().equals(old.derivedFrom()));
            if (!stillWanted) {
                em.createNativeQuery("DELETE FROM spec_value WHERE id = :id").setParameter("id", old.id()).executeUpdate();
            }
        }
        for (EnduranceDerivation.Derived w : wanted) {
            boolean present = existing.stream().anyMatch(old -> w.field() == old.field() && w.wording().equals(old.wording())
                    && w.derivedFrom().equals(old.derivedFrom()));
            if (!present) {
                em.createNativeQuery("""
                        INSERT INTO spec_value (drive_id, field, value_number, unit, wording, source_url, source_title,
                                                source_kind, retrieved_at, derived_from, importer, importer_version)
                        VALUES (:drive, :field, :number, :unit, :wording, :sourceUrl, 'derived by drivecat',
                                'DERIVED', now(), :derivedFrom, :importer, :version)
                        ON CONFLICT ON CONSTRAINT spec_value_statement_uq DO NOTHING
                        """)
                        .setParameter("drive", drive.id)
                        .setParameter("field", w.field().token())
                        .setParameter("number", w.value())
                        .setParameter("unit", w.field().unit().orElse(null))
                        .setParameter("wording", w.wording())
                        .setParameter("sourceUrl", DERIVED_SOURCE)
                        .setParameter("derivedFrom", w.derivedFrom())
                        .setParameter("importer", DERIVATION_IMPORTER)
                        .setParameter("version", DERIVATION_VERSION)
                        .executeUpdate();
            }
        }
    }

    @SuppressWarnings("unchecked")
    private List<SpecRow> rows(long driveId) {
        List<Tuple> tuples = em.createNativeQuery("""
                SELECT id, field, value_number, value_token, value_text, unit, applies_to, wording, source_url,
                       source_title, source_kind, retrieved_at, derived_from, importer, importer_version, chosen, claim
                  FROM spec_value WHERE drive_id = :drive
                 ORDER BY field, chosen DESC, id
                """, Tuple.class).setParameter("drive", driveId).getResultList();
        return tuples.stream().map(SpecService::toRow).toList();
    }

    public static SpecRow toRow(Tuple t) {
        return new SpecRow(
                ((Number) t.get("id")).longValue(),
                ApiToken.parse(SpecField.class, (String) t.get("field")).orElseThrow(),
                (BigDecimal) t.get("value_number"),
                (String) t.get("value_token"),
                (String) t.get("value_text"),
                (String) t.get("unit"),
                (String) t.get("applies_to"),
                (String) t.get("wording"),
                (String) t.get("source_url"),
                (String) t.get("source_title"),
                SourceKind.valueOf((String) t.get("source_kind")),
                Columns.instant(t.get("retrieved_at")),
                (String) t.get("derived_from"),
                (String) t.get("importer"),
                (String) t.get("importer_version"),
                (Boolean) t.get("chosen"),
                (Boolean) t.get("claim"));
    }
}
