package dev.drivecat.specs;

import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.PartNumbers;
import dev.drivecat.catalog.SpecRow;
import dev.drivecat.catalog.SpecService;
import dev.drivecat.catalog.SpecSource;
import dev.drivecat.catalog.SpecStatement;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.specs.SpecSourceReport.DerivedView;
import dev.drivecat.specs.SpecSourceReport.MatchOutcome;
import dev.drivecat.specs.SpecSourceReport.MatchView;
import dev.drivecat.specs.SpecSourceReport.ValueView;
import dev.drivecat.specs.SpecSourceReport.VariantReport;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Stores what a spec page or table says: matches each variant to a catalog drive (or creates one
 * when asked), stores every value with its provenance, and re-derives and re-chooses the drive's
 * values. One transaction per import: an ambiguous or unmatched source stores nothing. Storing is
 * idempotent: the same source twice adds nothing the second time.
 */
@ApplicationScoped
public class SpecSourceImportService {

    @Inject
    EntityManager em;

    @Inject
    SpecService specs;

    @Inject
    IdentityService identity;

    /** A catalog drive, for the part numbers it owns. */
    record CatalogDrive(String slug, String vendor, String model, int capacityGb, Interface iface, FormFactor formFactor,
                        Set<String> partNumbers) {
    }

    Clock clock = Clock.systemUTC();

    private LabelDictionaries dictionaries;

    /** What the admin asked for besides the source itself. */
    public record Request(String url, Instant retrievedAt, String driveSlug, boolean create, String newSlug, boolean dryRun,
                         String importer, String importerVersion) {
    }

    @PostConstruct
    void load() {
        dictionaries = LabelDictionaries.loadBundled();
    }

    /** A broken dictionary file stops the service at start, not at the first import. */
    void onStart(@Observes StartupEvent event) {
        dictionaries.all();
    }

    public LabelDictionaries dictionaries() {
        return dictionaries;
    }

    @Transactional
    public SpecSourceReport importSource(SpecParse parse, Request request) {
        List<CatalogDrive> catalog = candidates();
        List<Plan> plans = request.driveSlug() != null ? named(parse, request, catalog) : matched(parse, request, catalog);

        boolean stored = false;
        List<VariantReport> reports = new ArrayList<>();
        for (Plan plan : plans) {
            if (plan.target() == null) {
                reports.add(report(plan, notStored(plan.variant()), List.of(), 0, 0));
                continue;
            }
            if (request.dryRun()) {
                reports.add(preview(plan, new SpecSource(request.url(), parse.title(), parse.kind(), request.retrievedAt()), request));
                continue;
            }
            StoredVariant done = store(plan, parse, request, catalog);
            stored |= done.changed();
            reports.add(done.report());
        }
        return new SpecSourceReport(request.url(), parse.title(), parse.kind(), request.retrievedAt(),
                request.importer() + "/" + request.importerVersion(),
                new SpecSourceReport.DictionaryView(parse.dictionaryId(), parse.dictionaryName(), parse.recognisedBy()),
                request.dryRun(), stored, reports);
    }

    /** A drive made from a source, and what was stored for it. */
    public record Created(Drive drive, SpecSourceReport report) {
    }

    /**
     * Creates a drive from one variant of a source, its identity (vendor, model, capacity, bus and
     * form factor) the source's own, and stores every value the source states for it with its words;
     * in the caller's transaction. A slug another drive has already is a 409; a variant that does
     * not state what a drive needs is a 422 naming what it lacks.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Created create(SpecParse parse, SpecParse.Variant variant, Request request) {
        List<String> missing = variant.identity().missingForCreate();
        if (!missing.isEmpty()) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "the source does not state the drive's "
                    + String.join(", ", missing) + ", which a catalog drive needs; nothing was stored").with("missing", missing);
        }
        SpecParse.Identity id = variant.identity();
        String slug = ModelNames.slug(id.vendor(), id.model(), id.capacityGb(), id.iface(), id.formFactor());
        if (Drive.findBySlug(slug).isPresent()) {
            throw DomainException.conflict("a drive with slug \"" + slug + "\" already exists; nothing was stored. Import the source "
                    + "for it with POST /admin/imports/spec-pages?drive=" + slug).with("slug", slug);
        }
        Plan plan = new Plan(variant, new MatchView(MatchOutcome.CREATED, slug, "a new drive", List.of(), List.of()), slug, true);
        StoredVariant done = store(plan, parse, request, candidates());
        List<VariantReport> reports = new ArrayList<>();
        for (SpecParse.Variant v : parse.variants()) {
            reports.add(v == variant ? done.report() : report(new Plan(v, new MatchView(MatchOutcome.SKIPPED, null,
                    "another column of the source", List.of(), List.of()), null, false), notStored(v), List.of(), 0, 0));
        }
        return new Created(Drive.<Drive>findBySlug(slug).orElseThrow(), new SpecSourceReport(request.url(), parse.title(), parse.kind(),
                request.retrievedAt(), request.importer() + "/" + request.importerVersion(),
                new SpecSourceReport.DictionaryView(parse.dictionaryId(), parse.dictionaryName(), parse.recognisedBy()), false, true,
                reports));
    }

    /** What storing one variant did: its report, and whether anything changed. */
    private record StoredVariant(VariantReport report, boolean changed) {
    }

    /** Stores one variant's values for its drive (made first when the plan says so), re-derives and re-chooses. */
    private StoredVariant store(Plan plan, SpecParse parse, Request request, List<CatalogDrive> catalog) {
        SpecSource source = new SpecSource(request.url(), parse.title(), parse.kind(), request.retrievedAt());
        Drive drive = plan.create() ? create(plan) : Drive.findBySlug(plan.target()).orElseThrow();
        boolean enriched = !plan.create() && enrich(drive, plan.variant().identity(), catalog);
        List<ValueView> values = new ArrayList<>();
        int added = 0;
        int unchanged = 0;
        for (SpecParse.Found f : plan.variant().values()) {
            boolean isNew = specs.add(drive, statement(f, source, request));
            if (isNew) {
                added++;
            } else {
                unchanged++;
            }
            values.add(view(f, isNew ? SpecSourceReport.Stored.NEW : SpecSourceReport.Stored.UNCHANGED));
        }
        specs.refresh(drive);
        List<DerivedView> derived = specs.values(drive.id).stream().filter(SpecRow::derived)
                .map(r -> new DerivedView(r.field(), r.number() == null ? null : SpecUnits.tidy(r.number()), r.unit(), r.wording(),
                        r.derivedFrom())).toList();
        return new StoredVariant(report(plan, values, derived, added, unchanged), added > 0 || plan.create() || enriched);
    }

    /**
     * A dry run's report of one variant: what a real import would add and find already stored,
     * and the values drivecat would then derive, worked out by the same rules without writing.
     */
    private VariantReport preview(Plan plan, SpecSource source, Request request) {
        List<SpecStatement> statements = plan.variant().values().stream().map(f -> statement(f, source, request)).toList();
        Drive existing = plan.create() ? null : Drive.findBySlug(plan.target()).orElseThrow();
        int capacityGb = existing != null ? existing.capacityGb : plan.variant().identity().capacityGb();
        SpecService.Preview preview = specs.preview(existing == null ? null : existing.id, capacityGb, statements);
        List<ValueView> values = new ArrayList<>();
        int wouldAdd = 0;
        for (int i = 0; i < statements.size(); i++) {
            boolean isNew = preview.isNew().get(i);
            wouldAdd += isNew ? 1 : 0;
            values.add(view(plan.variant().values().get(i), isNew ? SpecSourceReport.Stored.WOULD_ADD : SpecSourceReport.Stored.UNCHANGED));
        }
        List<DerivedView> derived = preview.derived().stream()
                .map(d -> new DerivedView(d.field(), SpecUnits.tidy(d.value()), d.field().unit().orElse(null), d.wording(), d.derivedFrom()))
                .toList();
        return report(plan, values, derived, wouldAdd, statements.size() - wouldAdd);
    }

    /** One variant's fate: the drive it goes to (null: nowhere), whether that drive is to be created. */
    private record Plan(SpecParse.Variant variant, MatchView match, String target, boolean create) {
    }

    private List<Plan> named(SpecParse parse, Request request, List<CatalogDrive> catalog) {
        String slug = request.driveSlug();
        CatalogDrive drive = catalog.stream().filter(c -> c.slug().equals(slug)).findFirst()
                .orElseThrow(() -> new DomainException(DomainException.Kind.INVALID_PARAMETER,
                        "drive must be the slug of a drive in the catalog; there is no drive \"" + slug + "\"")
                        .with("parameter", "drive"));
        List<SpecParse.Variant> variants = parse.variants();
        SpecParse.Variant chosen;
        if (variants.size() == 1) {
            chosen = variants.get(0);
        } else {
            List<SpecParse.Variant> fit = variants.stream()
                    .filter(v -> v.identity().capacityGb() != null && v.identity().capacityGb() == drive.capacityGb())
                    .filter(v -> v.identity().model() == null || ModelNames.sameModel(v.identity().model(), drive.model(), drive.vendor()))
                    .toList();
            if (fit.size() != 1) {
                throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                        "the table describes " + variants.size() + " models (" + names(variants) + ") and "
                                + (fit.isEmpty() ? "none" : fit.size()) + " of them fit drive \"" + slug + "\" (" + drive.model() + " "
                                + drive.capacityGb() + " GB); import it without drive= to match every column, or send only the column for this drive")
                        .with("parameter", "drive").with("variants", variants.stream().map(SpecParse.Variant::name).toList());
            }
            chosen = fit.get(0);
        }
        for (String pn : chosen.identity().partNumbers()) {
            refuseAnotherDrivesPartNumber(pn, "gives", catalog, slug);
        }
        // a title or heading naming another drive's part number, and none of this drive's, names another drive
        List<String> inNames = names(parse, chosen).stream().flatMap(n -> PartNumbers.candidates(n).stream()).toList();
        if (inNames.stream().noneMatch(drive.partNumbers()::contains)) {
            for (String pn : inNames) {
                refuseAnotherDrivesPartNumber(pn, "names in its title or heading", catalog, slug);
            }
        }
        List<Plan> plans = new ArrayList<>();
        for (SpecParse.Variant v : variants) {
            if (v == chosen) {
                plans.add(new Plan(v, new MatchView(MatchOutcome.NAMED, slug, "named by the request", List.of(), List.of()), slug, false));
            } else {
                plans.add(new Plan(v, new MatchView(MatchOutcome.SKIPPED, null, "drive= names another column's drive", List.of(), List.of()),
                        null, false));
            }
        }
        return plans;
    }

    private static void refuseAnotherDrivesPartNumber(String pn, String how, List<CatalogDrive> catalog, String slug) {
        Optional<String> owner = catalog.stream().filter(c -> c.partNumbers().contains(pn)).map(CatalogDrive::slug).findFirst();
        if (owner.isPresent() && !owner.get().equals(slug)) {
            throw new DomainException(DomainException.Kind.CONFLICT,
                    "the source " + how + " part number " + pn + ", which belongs to drive \"" + owner.get() + "\", not \"" + slug
                            + "\"; nothing was stored. Import it for \"" + owner.get() + "\", or without drive= to let the part number decide")
                    .with("partNumber", pn).with("owner", owner.get()).with("drive", slug);
        }
    }

    /** What names a variant outside its rows: its column's name, and for a page of one drive the page's title and heading. */
    private static List<String> names(SpecParse parse, SpecParse.Variant v) {
        List<String> names = new ArrayList<>();
        if (v.name() != null) {
            names.add(v.name());
        }
        if (parse.variants().size() == 1) {
            names.addAll(parse.pageNames());
        }
        return names;
    }

    private List<Plan> matched(SpecParse parse, Request request, List<CatalogDrive> catalog) {
        List<Plan> plans = new ArrayList<>();
        Set<String> newSlugs = new HashSet<>();
        for (SpecParse.Variant v : parse.variants()) {
            SourceIdentity.Match m = SourceIdentity.identify(v.identity(), names(parse, v), identity.matcher());
            switch (m.outcome()) {
                case MATCHED -> plans.add(new Plan(v, new MatchView(MatchOutcome.MATCHED, m.slug(), m.reason(), List.of(), List.of()),
                        m.slug(), false));
                case AMBIGUOUS -> plans.add(new Plan(v, new MatchView(MatchOutcome.AMBIGUOUS, null, m.reason(), m.candidates(), List.of()),
                        null, false));
                case UNMATCHED -> plans.add(unmatched(v, m, request, catalog, newSlugs, parse.variants().size()));
            }
        }
        if (!request.dryRun()) {
            List<Plan> ambiguous = plans.stream().filter(p -> p.match().outcome() == MatchOutcome.AMBIGUOUS).toList();
            if (!ambiguous.isEmpty()) {
                Plan first = ambiguous.get(0);
                throw withReport(DomainException.conflict(
                        "the source fits several drives and nothing was stored: " + where(first) + first.match().reason()
                                + " (" + String.join(", ", first.match().candidates()) + "). Name one with drive=<slug>, or run with "
                                + "dryRun=true to see what was found"), parse, plans, request)
                        .with("candidates", first.match().candidates());
            }
            if (plans.stream().allMatch(p -> p.target() == null)) {
                Plan first = plans.get(0);
                String detail = first.match().missing().isEmpty()
                        ? "the source matches no drive in the catalog and nothing was stored: " + where(first) + first.match().reason()
                        + ". Name the drive with drive=<slug>, or create it with create=true"
                        : "the source matches no drive, and a new drive cannot be made from it: " + where(first) + "it does not state "
                        + String.join(", ", first.match().missing()) + ". Pass vendor= or model= for what the source does not name, or name an "
                        + "existing drive with drive=<slug>";
                // with something missing, it is create=true that cannot be carried out: the 400 names that parameter
                DomainException refused = first.match().missing().isEmpty() ? DomainException.conflict(detail)
                        : DomainException.invalidParameter("create", detail);
                throw withReport(refused, parse, plans, request).with("missing", first.match().missing());
            }
        }
        return plans;
    }

    private Plan unmatched(SpecParse.Variant v, SourceIdentity.Match m, Request request, List<CatalogDrive> catalog,
                           Set<String> newSlugs, int variantCount) {
        if (!request.create()) {
            return new Plan(v, new MatchView(MatchOutcome.UNMATCHED, null, m.reason(), List.of(), List.of()), null, false);
        }
        List<String> missing = v.identity().missingForCreate();
        if (!missing.isEmpty()) {
            return new Plan(v, new MatchView(MatchOutcome.UNMATCHED, null, m.reason() + "; creating a drive needs " + String.join(", ", missing),
                    List.of(), missing), null, false);
        }
        SpecParse.Identity id = v.identity();
        String slug = request.newSlug() != null && variantCount == 1 ? request.newSlug()
                : ModelNames.slug(id.vendor(), id.model(), id.capacityGb(), id.iface(), id.formFactor());
        if (catalog.stream().anyMatch(c -> c.slug().equals(slug)) || !newSlugs.add(slug)) {
            throw new DomainException(DomainException.Kind.CONFLICT,
                    "a drive with slug \"" + slug + "\" already exists but the source does not match it (" + m.reason() + "); nothing was stored. "
                            + "Import it with drive=" + slug + " if it is that drive, or give the new drive another slug with slug=")
                    .with("slug", slug);
        }
        MatchOutcome outcome = request.dryRun() ? MatchOutcome.WOULD_CREATE : MatchOutcome.CREATED;
        return new Plan(v, new MatchView(outcome, slug, m.reason() + "; a new drive", List.of(), List.of()), slug, true);
    }

    /** A refusal still says what the source holds, so the admin sees what would have been stored. */
    private DomainException withReport(DomainException problem, SpecParse parse, List<Plan> plans, Request request) {
        List<VariantReport> reports = plans.stream().map(p -> report(p, notStored(p.variant()), List.of(), 0, 0)).toList();
        return problem.with("report", new SpecSourceReport(request.url(), parse.title(), parse.kind(), request.retrievedAt(),
                request.importer() + "/" + request.importerVersion(),
                new SpecSourceReport.DictionaryView(parse.dictionaryId(), parse.dictionaryName(), parse.recognisedBy()),
                request.dryRun(), false, reports));
    }

    private static String where(Plan plan) {
        return plan.variant().name() == null ? "" : "column \"" + plan.variant().name() + "\": ";
    }

    private static String names(List<SpecParse.Variant> variants) {
        return variants.stream().map(SpecParse.Variant::name).collect(Collectors.joining(", "));
    }

    private Drive create(Plan plan) {
        SpecParse.Identity id = plan.variant().identity();
        Drive drive = new Drive();
        drive.slug = plan.target();
        drive.vendor = id.vendor();
        drive.model = id.model();
        drive.capacityGb = id.capacityGb();
        drive.iface = id.iface();
        drive.formFactor = id.formFactor();
        if (id.iface() == Interface.NVME) {
            drive.pcieGen = id.pcieGen() == null ? null : id.pcieGen().shortValue();
            drive.pcieLanes = id.pcieLanes() == null ? null : id.pcieLanes().shortValue();
        }
        drive.partNumbers = new TreeSet<>(id.partNumbers());
        drive.updatedAt = clock.instant();
        drive.persist();
        em.flush();
        return drive;
    }

    /**
     * Adds what the source says and the drive lacks: its part numbers (when no other drive has
     * them), and PCIe generation and lanes of an NVMe drive. Nothing the catalog already says changes.
     */
    private boolean enrich(Drive drive, SpecParse.Identity id, List<CatalogDrive> catalog) {
        boolean changed = false;
        for (String pn : id.partNumbers()) {
            boolean ownedElsewhere = catalog.stream().anyMatch(c -> !c.slug().equals(drive.slug) && c.partNumbers().contains(pn));
            if (!ownedElsewhere && drive.partNumbers.add(pn)) {
                changed = true;
            }
        }
        if (drive.iface == Interface.NVME && drive.pcieGen == null && id.pcieGen() != null) {
            drive.pcieGen = id.pcieGen().shortValue();
            changed = true;
        }
        if (drive.iface == Interface.NVME && drive.pcieLanes == null && id.pcieLanes() != null) {
            drive.pcieLanes = id.pcieLanes().shortValue();
            changed = true;
        }
        if (changed) {
            drive.updatedAt = clock.instant();
            em.flush();
        }
        return changed;
    }

    private static SpecStatement statement(SpecParse.Found f, SpecSource source, Request request) {
        return new SpecStatement(f.field(), f.number(), f.token(), f.text(), f.appliesTo(), f.wording(), source,
                request.importer(), request.importerVersion());
    }

    private static VariantReport report(Plan plan, List<ValueView> values, List<DerivedView> derived, int added, int unchanged) {
        return new VariantReport(plan.variant().name(), SpecSourceReport.IdentityView.of(plan.variant().identity()), plan.match(),
                values, derived, added, unchanged);
    }

    private static List<ValueView> notStored(SpecParse.Variant v) {
        return v.values().stream().map(f -> view(f, SpecSourceReport.Stored.NOT_STORED)).toList();
    }

    static ValueView view(SpecParse.Found f, SpecSourceReport.Stored stored) {
        Object value = f.number() != null ? f.number() : f.token() != null ? f.token() : f.text();
        return new ValueView(f.label(), f.value(), f.wording(), f.field(), value, f.unit(), f.appliesTo(), f.note(), f.dictionary(),
                f.identity(), stored);
    }

    @SuppressWarnings("unchecked")
    private List<CatalogDrive> candidates() {
        List<Object[]> rows = em.createNativeQuery("""
                SELECT d.slug, d.vendor, d.model, d.capacity_gb, d.interface, d.form_factor,
                       coalesce(string_agg(p.part_number, '|'), '')
                  FROM drive d LEFT JOIN drive_part_number p ON p.drive_id = d.id
                 GROUP BY d.id
                """).getResultList();
        List<CatalogDrive> out = new ArrayList<>();
        for (Object[] r : rows) {
            Set<String> pns = Arrays.stream(((String) r[6]).split("\\|")).filter(s -> !s.isBlank())
                    .map(s -> s.toUpperCase(Locale.ROOT)).collect(Collectors.toSet());
            out.add(new CatalogDrive((String) r[0], (String) r[1], (String) r[2], ((Number) r[3]).intValue(),
                    ApiToken.parse(Interface.class, (String) r[4]).orElse(null), ApiToken.parse(FormFactor.class, (String) r[5]).orElse(null),
                    pns));
        }
        return out;
    }

}
