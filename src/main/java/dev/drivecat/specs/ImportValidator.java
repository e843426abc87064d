package dev.drivecat.specs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.catalog.SpecSource;
import dev.drivecat.catalog.SpecStatement;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.Currencies;
import dev.drivecat.common.JsonPointers;
import dev.drivecat.common.Text;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.ObservationInput;
import dev.drivecat.pricing.SellerType;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a whole import document before anything is stored, and collects every problem with a
 * JSON pointer to it, so that a bad document is rejected whole with all its faults named. What a
 * member must be on its own is a Bean Validation constraint on {@link ImportDocument}; this class
 * adds what needs more: tokens and their allowed values, references between sources, drives and
 * listings, and what the catalog already holds.
 */
public final class ImportValidator {

    /** What the validator needs to know about the catalog as it stands. */
    public interface CatalogLookup {
        /** The interface of the drive with this slug, if the catalog has it. */
        Optional<Interface> driveInterface(String slug);

        /** Whether the drive with this slug has a PCIe generation or lane count recorded. */
        boolean hasPcie(String slug);

        boolean marketplaceExists(String code);

        /** The slug of the drive an existing listing sells. */
        Optional<String> listingDrive(String marketplace, String externalId);

        /** The slug of the drive a part number belongs to. */
        Optional<String> partNumberOwner(String partNumber);

        /** Why a URL cannot be watched (not a product page of a marketplace in scrapers/), if it cannot. */
        Optional<String> watchProblem(String url);

        /** The URL as a browser reads it (without dot segments), when that is an item page of a marketplace in scrapers/. */
        Optional<String> itemPage(String url);
    }

    /** The most part numbers a drive of a document may give (a drive has a few: one per region, packaging or revision). */
    static final int MAX_PART_NUMBERS = 64;

    static final String IMPORTER = "structured-import";
    static final String ITEM_PAGE_ONLY = "is not an item page of a marketplace in scrapers/ (such as /dp/<ASIN>, /itm/<item id>, "
            + "/p/<item number>) as a browser reads it, without . and .. segments";
    static final String IMPORTER_VERSION = "1";
    private static final Set<SourceKind> IMPORTABLE_KINDS =
            Set.of(SourceKind.VENDOR_PAGE, SourceKind.VENDOR_DATASHEET, SourceKind.REVIEW, SourceKind.MEASUREMENT);

    private final CatalogLookup catalog;
    private final Instant now;
    private final List<ImportError> errors = new ArrayList<>();

    private ImportValidator(CatalogLookup catalog, Instant now) {
        this.catalog = catalog;
        this.now = now;
    }

    /** Either a plan, or every error found. */
    public record Result(Optional<ImportPlan> plan, List<ImportError> errors) {
    }

    /**
     * @param constraints checks {@link ImportDocument}'s constraints (the container's validator)
     */
    public static Result validate(ImportDocument doc, Validator constraints, CatalogLookup catalog, Instant now) {
        ImportValidator v = new ImportValidator(catalog, now);
        if (doc == null) {
            v.error("", "the document is empty");
            return new Result(Optional.empty(), List.copyOf(v.errors));
        }
        constraints.validate(doc).stream()
                .map(ImportValidator::error)
                .sorted(java.util.Comparator.comparing(ImportError::pointer))
                .forEach(v.errors::add);
        ImportPlan plan = v.check(doc);
        return v.errors.isEmpty() ? new Result(Optional.of(plan), List.of()) : new Result(Optional.empty(), List.copyOf(v.errors));
    }

    /** A constraint violation as an import error: its property path as a JSON pointer, a rejected pattern's value named. */
    static ImportError error(ConstraintViolation<?> violation) {
        StringBuilder pointer = new StringBuilder();
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getIndex() != null) {
                pointer.append('/').append(node.getIndex());
            } else if (node.getKey() != null) {
                pointer.append('/').append(JsonPointers.escape(String.valueOf(node.getKey())));
            }
            if (node.getName() != null && !node.getName().startsWith("<")) {
                // a record component's name is its JSON member's (none of the constrained ones is renamed)
                pointer.append('/').append(JsonPointers.escape(node.getName()));
            }
        }
        String message = violation.getMessage();
        boolean pattern = violation.getConstraintDescriptor().getAnnotation() instanceof jakarta.validation.constraints.Pattern;
        if (pattern && violation.getInvalidValue() instanceof String given && !given.isBlank()) {
            message += ", not \"" + given + "\"";
        }
        return new ImportError(pointer.toString(), message);
    }

    private ImportPlan check(ImportDocument doc) {
        Map<String, SpecSource> sources = sources(doc.sources());
        List<ImportPlan.DrivePlan> drives = new ArrayList<>();
        Map<String, Interface> driveInterfaces = new HashMap<>();
        Map<String, String> partNumbersInDoc = new HashMap<>();
        List<ImportDocument.DriveEntry> driveEntries = doc.drives() == null ? List.of() : doc.drives();
        for (int i = 0; i < driveEntries.size(); i++) {
            ImportPlan.DrivePlan plan = drive("/drives/" + i, driveEntries.get(i), sources, driveInterfaces, partNumbersInDoc);
            if (plan != null) {
                drives.add(plan);
            }
        }
        List<ImportPlan.ListingPlan> listings = new ArrayList<>();
        Set<String> listingKeys = new HashSet<>();
        List<ImportDocument.ListingEntry> listingEntries = doc.listings() == null ? List.of() : doc.listings();
        for (int i = 0; i < listingEntries.size(); i++) {
            ImportPlan.ListingPlan plan = listing("/listings/" + i, listingEntries.get(i), sources, driveInterfaces.keySet(), listingKeys);
            if (plan != null) {
                listings.add(plan);
            }
        }
        if (driveEntries.isEmpty() && listingEntries.isEmpty()) {
            error("", "the document has no drives and no listings");
        }
        return new ImportPlan(drives, listings);
    }

    private Map<String, SpecSource> sources(Map<String, ImportDocument.Source> given) {
        Map<String, SpecSource> sources = new HashMap<>();
        if (given == null) {
            return sources;
        }
        given.forEach((id, s) -> {
            String at = "/sources/" + JsonPointers.escape(id);
            if (s == null) {
                return; // a constraint says so
            }
            String url = s.url();
            if (!Text.isBlank(url) && !isSourceUri(url)) {
                error(at + "/url", "must be an absolute http(s) URL or a urn:, not \"" + url + "\"");
            }
            SourceKind kind = null;
            if (!Text.isBlank(s.kind())) {
                kind = ApiToken.parse(SourceKind.class, s.kind()).filter(IMPORTABLE_KINDS::contains).orElse(null);
                if (kind == null) {
                    error(at + "/kind", "\"" + s.kind() + "\" is not a source kind an import may state; allowed: " + kinds());
                }
            }
            Instant retrieved = instant(at + "/retrievedAt", s.retrievedAt());
            if (!Text.isBlank(url) && isSourceUri(url) && kind != null && retrieved != null) {
                sources.put(id, new SpecSource(url, Text.isBlank(s.title()) ? null : s.title().trim(), kind, retrieved));
            }
        });
        return sources;
    }

    private ImportPlan.DrivePlan drive(String at, ImportDocument.DriveEntry d, Map<String, SpecSource> sources,
                                       Map<String, Interface> driveInterfaces, Map<String, String> partNumbersInDoc) {
        if (d == null || Text.isBlank(d.slug()) || !d.slug().matches(ImportDocument.SLUG)) {
            return null; // a constraint says what is wrong; without a slug nothing else can be checked
        }
        String slug = d.slug();
        if (driveInterfaces.containsKey(slug)) {
            error(at + "/slug", "drive \"" + slug + "\" appears twice in this document");
            return null;
        }
        Optional<Interface> existing = catalog.driveInterface(slug);
        boolean creating = existing.isEmpty();
        if (creating) {
            requireGiven(at + "/vendor", d.vendor());
            requireGiven(at + "/model", d.model());
            if (d.capacityGb() == null) {
                error(at + "/capacityGb", "is required for a new drive");
            }
            if (d.iface() == null) {
                error(at + "/interface", "is required for a new drive; allowed: " + String.join(", ", ApiToken.tokens(Interface.class)));
            }
            if (d.formFactor() == null) {
                error(at + "/formFactor", "is required for a new drive; allowed: " + String.join(", ", ApiToken.tokens(FormFactor.class)));
            }
        }
        Interface iface = token(at + "/interface", Interface.class, d.iface());
        FormFactor formFactor = token(at + "/formFactor", FormFactor.class, d.formFactor());
        Interface effective = iface != null ? iface : existing.orElse(null);
        if (d.pcieLanes() != null && !Set.of(1, 2, 4, 8, 16).contains(d.pcieLanes())) {
            error(at + "/pcieLanes", "must be 1, 2, 4, 8 or 16");
        }
        if ((d.pcieGen() != null || d.pcieLanes() != null) && effective != null && effective != Interface.NVME) {
            error(at + "/pcieGen", "PCIe generation and lanes apply to nvme drives only, and this drive is " + effective.token());
        } else if (iface != null && iface != Interface.NVME && existing.isPresent() && existing.get() == Interface.NVME
                && catalog.hasPcie(slug)) {
            error(at + "/interface", "drive \"" + slug + "\" is recorded as nvme with a PCIe generation or lane count; it cannot "
                    + "become " + iface.token() + " (a drive on another interface is another SKU: give it a slug of its own)");
        }
        driveInterfaces.put(slug, effective);
        Set<String> partNumbers = new LinkedHashSet<>();
        List<String> givenParts = d.partNumbers() == null ? List.of() : d.partNumbers();
        if (givenParts.size() > MAX_PART_NUMBERS) {
            // each is looked up and stored with the drive: a list this long is no drive's, and would hold the import for minutes
            error(at + "/partNumbers", "at most " + MAX_PART_NUMBERS + " part numbers per drive, and " + givenParts.size() + " were given");
            givenParts = List.of();
        }
        for (int i = 0; i < givenParts.size(); i++) {
            String pn = givenParts.get(i);
            String pAt = at + "/partNumbers/" + i;
            if (Text.isBlank(pn)) {
                continue; // a constraint says so
            }
            String normal = pn.trim().toUpperCase(Locale.ROOT);
            Optional<String> owner = catalog.partNumberOwner(normal);
            if (owner.isPresent() && !owner.get().equals(slug)) {
                error(pAt, "part number " + normal + " already belongs to drive \"" + owner.get() + "\"");
                continue;
            }
            String docOwner = partNumbersInDoc.putIfAbsent(normal, slug);
            if (docOwner != null && !docOwner.equals(slug)) {
                error(pAt, "part number " + normal + " is also given for drive \"" + docOwner + "\" in this document");
                continue;
            }
            partNumbers.add(normal);
        }
        List<SpecStatement> specs = new ArrayList<>();
        List<ImportDocument.SpecEntry> givenSpecs = d.specs() == null ? List.of() : d.specs();
        for (int i = 0; i < givenSpecs.size(); i++) {
            SpecStatement s = spec(at + "/specs/" + i, givenSpecs.get(i), sources);
            if (s != null) {
                specs.add(s);
            }
        }
        return new ImportPlan.DrivePlan(slug, Text.strippedOrNull(d.vendor()), Text.strippedOrNull(d.model()), d.capacityGb(), iface, formFactor,
                d.pcieGen(), d.pcieLanes(), d.discontinued(), partNumbers, specs);
    }

    private SpecStatement spec(String at, ImportDocument.SpecEntry s, Map<String, SpecSource> sources) {
        if (s == null) {
            return null; // a constraint says so
        }
        SpecField field = null;
        if (Text.isBlank(s.field())) {
            error(at + "/field", "is required; allowed: " + String.join(", ", ApiToken.tokens(SpecField.class)));
        } else {
            field = token(at + "/field", SpecField.class, s.field());
        }
        SpecSource source = sourceRef(at + "/source", s.source(), sources);
        if (field == null) {
            return null;
        }
        BigDecimal number = null;
        String token = null;
        String text = null;
        JsonNode value = s.value();
        boolean hasValue = value != null && !value.isNull();
        switch (field.valueType()) {
            case NUMBER -> {
                if (hasValue) {
                    // finite: the service's reader refuses a number that reads as infinity in any document it reads as a tree
                    if (!value.isNumber()) {
                        error(at + "/value", "must be a number for " + field.token());
                    } else if (value.decimalValue().signum() < 0) {
                        error(at + "/value", "must not be negative");
                    } else if (!fits(value.decimalValue(), 14, 4)) {
                        error(at + "/value", "must have at most 14 digits before the decimal point and 4 after, not "
                                + Text.quote(value.toString()));
                    } else {
                        number = value.decimalValue();
                    }
                }
                String canonical = field.unit().orElse(null);
                if (s.unit() != null && !s.unit().equals(canonical)) {
                    error(at + "/unit", canonical == null ? field.token() + " has no unit"
                            : "the value of " + field.token() + " is kept in " + canonical + "; give it in " + canonical);
                }
            }
            case TOKEN -> {
                if (hasValue) {
                    token = tokenValue(at + "/value", field, value);
                }
            }
            case TEXT -> {
                if (hasValue) {
                    if (!value.isTextual() || value.asText().isBlank()) {
                        error(at + "/value", "must be a non-blank string for " + field.token());
                    } else {
                        text = value.asText().trim();
                    }
                }
            }
        }
        if ("MODEL_SPECIFIC".equals(token) && Text.isBlank(s.appliesTo())) {
            error(at + "/appliesTo", "is required when plp is MODEL_SPECIFIC: name the model the protection applies to");
        }
        if (field == SpecField.SERIES_FORM_FACTORS && text != null) {
            List<String> allowed = ApiToken.tokens(FormFactor.class);
            for (String t : text.split("\\s+")) {
                if (!allowed.contains(t)) {
                    error(at + "/value", "\"" + t + "\" is not a form factor; seriesFormFactors lists form-factor tokens separated by "
                            + "spaces, from: " + String.join(", ", allowed));
                }
            }
        }
        if (field == SpecField.RAW && Text.isBlank(s.appliesTo())) {
            error(at + "/appliesTo", "is required for a raw value: the label it was found under");
        }
        if (Text.isBlank(s.wording()) || source == null) {
            return null;
        }
        return new SpecStatement(field, number, token, text, Text.strippedOrNull(s.appliesTo()), s.wording().trim(), source,
                IMPORTER, IMPORTER_VERSION, Boolean.TRUE.equals(s.claim()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private String tokenValue(String at, SpecField field, JsonNode value) {
        Class type = field.tokenType().orElseThrow();
        List<String> allowed = ApiToken.tokens(type);
        if (!value.isTextual()) {
            error(at, "must be one of " + String.join(", ", allowed));
            return null;
        }
        Optional<? extends Enum<?>> parsed = ApiToken.parse(type, value.asText());
        if (parsed.isEmpty()) {
            error(at, "\"" + value.asText() + "\" is not a valid " + field.token() + "; allowed: " + String.join(", ", allowed));
            return null;
        }
        return ((ApiToken) parsed.get()).token();
    }

    private ImportPlan.ListingPlan listing(String at, ImportDocument.ListingEntry l, Map<String, SpecSource> sources,
                                           Set<String> drivesInDoc, Set<String> listingKeys) {
        if (l == null) {
            return null; // a constraint says so
        }
        boolean ok = !Text.isBlank(l.marketplace()) && !Text.isBlank(l.externalId()) && !Text.isBlank(l.drive());
        if (!Text.isBlank(l.marketplace()) && !catalog.marketplaceExists(l.marketplace())) {
            error(at + "/marketplace", "unknown marketplace \"" + Text.quote(l.marketplace()) + "\"");
            ok = false;
        }
        if (!Text.isBlank(l.externalId()) && !Text.singleLine(l.externalId()).equals(l.externalId().strip())) {
            // an identity, written into every export: one line, as the marketplaces' own ids are
            error(at + "/externalId", "must be one line without tabs");
            ok = false;
        }
        String url = null;
        if (!Text.isBlank(l.url()) && !isHttpUrl(l.url())) {
            error(at + "/url", "must be an absolute http(s) URL");
        } else if (!Text.isBlank(l.url())) {
            // a listing's URL is linked from every page that shows the offer: an item page as a browser reads it, or none
            url = catalog.itemPage(l.url().trim()).orElse(null);
            if (url == null) {
                error(at + "/url", ITEM_PAGE_ONLY);
            }
        }
        if (Boolean.TRUE.equals(l.watch()) && Text.isBlank(l.url())) {
            error(at + "/url", "is required to watch the listing: the product page every scrape run fetches");
        } else if (Boolean.TRUE.equals(l.watch()) && url != null) {
            catalog.watchProblem(url).ifPresent(problem -> error(at + "/url", problem));
        }
        if (!Text.isBlank(l.drive()) && !drivesInDoc.contains(l.drive()) && catalog.driveInterface(l.drive()).isEmpty()) {
            error(at + "/drive", "no drive \"" + l.drive() + "\" in this document or in the catalog");
            ok = false;
        }
        if (ok) {
            if (!listingKeys.add(l.marketplace() + " " + l.externalId())) {
                error(at + "/externalId", "listing " + l.externalId() + " on " + l.marketplace() + " appears twice in this document");
            }
            catalog.listingDrive(l.marketplace(), l.externalId().trim()).filter(d -> !d.equals(l.drive())).ifPresent(d ->
                    error(at + "/drive", "listing " + l.externalId() + " on " + l.marketplace() + " already sells drive \"" + d
                            + "\"; a listing cannot move to another drive"));
        }
        SellerType sellerType = token(at + "/sellerType", SellerType.class, l.sellerType());
        Condition condition = token(at + "/condition", Condition.class, l.condition());
        List<ObservationInput> observations = new ArrayList<>();
        Set<Instant> seen = new HashSet<>();
        List<ImportDocument.ObservationEntry> given = l.observations() == null ? List.of() : l.observations();
        for (int i = 0; i < given.size(); i++) {
            ObservationInput o = observation(at + "/observations/" + i, given.get(i), sources, l, sellerType, condition);
            if (o != null && !seen.add(o.observedAt())) {
                error(at + "/observations/" + i + "/observedAt", "this listing has two observations at " + o.observedAt());
            } else if (o != null) {
                observations.add(o);
            }
        }
        if (!ok) {
            return null;
        }
        return new ImportPlan.ListingPlan(l.marketplace(), l.externalId().trim(), url, l.drive(), Text.strippedOrNull(l.sellerName()),
                sellerType, l.fulfilledByMarketplace(), condition, l.businessOnly(), Boolean.TRUE.equals(l.watch()), observations);
    }

    private ObservationInput observation(String at, ImportDocument.ObservationEntry o, Map<String, SpecSource> sources,
                                         ImportDocument.ListingEntry listing, SellerType sellerType, Condition condition) {
        if (o == null) {
            return null; // a constraint says so
        }
        Instant observedAt = instant(at + "/observedAt", o.observedAt());
        if (observedAt != null && observedAt.isAfter(now.plusSeconds(3600))) {
            error(at + "/observedAt", "lies in the future (" + observedAt + ")");
        }
        boolean money = o.price() != null || o.priceHigh() != null || o.shipping() != null || o.memberPrice() != null;
        String currency = null;
        if (o.currency() != null) {
            currency = currency(at + "/currency", o.currency());
        } else if (money) {
            error(at + "/currency", "is required with a price: an ISO 4217 code such as USD or EUR");
        }
        if (o.priceHigh() != null && (o.price() == null || o.priceHigh().compareTo(o.price()) < 0)) {
            error(at + "/priceHigh", "is the upper end of a band and needs a price no greater than it");
        }
        if (o.price() != null && o.inStock() == null) {
            error(at + "/inStock", "is required with a price");
        }
        SpecSource source = sourceRef(at + "/source", o.source(), sources);
        if (observedAt == null || source == null) {
            return null;
        }
        return new ObservationInput(observedAt, o.price(), o.priceHigh(), currency, o.shipping(), o.memberPrice(),
                o.inStock(), Text.strippedOrNull(o.availability()), Text.strippedOrNull(listing.sellerName()), sellerType, listing.fulfilledByMarketplace(),
                condition, Boolean.TRUE.equals(listing.businessOnly()), Text.strippedOrNull(o.wording()), source.title() == null ? source.url() : source.title(), source.url(), null);
    }

    private SpecSource sourceRef(String at, String id, Map<String, SpecSource> sources) {
        if (Text.isBlank(id)) {
            return null; // a constraint says so
        }
        SpecSource source = sources.get(id);
        if (source == null) {
            error(at, "unknown source \"" + id + "\"; sources in this document: " + String.join(", ", sources.keySet().stream().sorted().toList()));
        }
        return source;
    }

    private <E extends Enum<E> & ApiToken> E token(String at, Class<E> type, String raw) {
        if (raw == null) {
            return null;
        }
        Optional<E> parsed = ApiToken.parse(type, raw);
        if (parsed.isEmpty()) {
            error(at, "\"" + raw + "\" is not allowed; allowed: " + String.join(", ", ApiToken.tokens(type)));
        }
        return parsed.orElse(null);
    }

    /** A required time; a blank one a constraint reports. */
    private Instant instant(String at, String raw) {
        if (Text.isBlank(raw)) {
            return null;
        }
        Instant whole = wholeSecondsUtc(raw);
        if (whole != null) {
            return whole;
        }
        try {
            return Instant.parse(raw.trim());
        } catch (DateTimeParseException notInstant) {
            try {
                return java.time.OffsetDateTime.parse(raw.trim()).toInstant();
            } catch (DateTimeParseException notOffset) {
                try {
                    return LocalDate.parse(raw.trim()).atStartOfDay(ZoneOffset.UTC).toInstant();
                } catch (DateTimeParseException notDate) {
                    error(at, "\"" + raw + "\" is not an ISO 8601 instant (2026-10-21T00:00:00Z) or date (2026-10-21)");
                    return null;
                }
            }
        }
    }

    /**
     * The instant "2026-11-30T12:00:00Z" names, read without a formatter (an import of 100,000
     * observations spent a fifth of its CPU in Instant.parse); null for any other form or an
     * impossible date, which {@link #instant} then reads (or refuses) as before.
     */
    static Instant wholeSecondsUtc(String raw) {
        if (raw.length() != 20 || raw.charAt(4) != '-' || raw.charAt(7) != '-' || raw.charAt(10) != 'T' || raw.charAt(13) != ':'
                || raw.charAt(16) != ':' || raw.charAt(19) != 'Z') {
            return null;
        }
        int year = digits(raw, 0, 4);
        int month = digits(raw, 5, 2);
        int day = digits(raw, 8, 2);
        int hour = digits(raw, 11, 2);
        int minute = digits(raw, 14, 2);
        int second = digits(raw, 17, 2);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
            return null;
        }
        try {
            return java.time.LocalDateTime.of(year, month, day, hour, minute, second).toInstant(ZoneOffset.UTC);
        } catch (java.time.DateTimeException impossible) {
            return null;
        }
    }

    /** The decimal number of {@code length} ASCII digits at {@code from}; -1 if any is not one. */
    private static int digits(String s, int from, int length) {
        int n = 0;
        for (int i = from; i < from + length; i++) {
            char ch = s.charAt(i);
            if (ch < '0' || ch > '9') {
                return -1;
            }
            n = n * 10 + (ch - '0');
        }
        return n;
    }

    /** The import format takes a code as ISO 4217 writes it (USD, not usd). */
    private String currency(String at, String raw) {
        String code = raw.strip();
        if (Currencies.isIso4217(code)) {
            return code;
        }
        error(at, "\"" + Text.quote(raw) + "\" is not an ISO 4217 currency code such as USD, EUR or GBP");
        return null;
    }

    private void requireGiven(String at, String value) {
        if (value == null) {
            error(at, "is required for a new drive");
        }
    }

    private void error(String pointer, String message) {
        errors.add(new ImportError(pointer, message));
    }

    private static String kinds() {
        return String.join(", ", IMPORTABLE_KINDS.stream().map(SourceKind::token).sorted().toList());
    }

    /** Whether a number fits a numeric column with this many integer and fraction digits, without rounding. */
    static boolean fits(BigDecimal value, int integerDigits, int fractionDigits) {
        BigDecimal plain = value.stripTrailingZeros();
        int fraction = Math.max(0, plain.scale());
        int integer = Math.max(0, plain.precision() - plain.scale());
        return fraction <= fractionDigits && integer <= integerDigits;
    }

    static boolean isSourceUri(String url) {
        return isHttpUrl(url) || url.startsWith("urn:") && url.length() > 4 && !url.contains(" ");
    }

    /** Whether a text is an absolute http(s) URL with a host. */
    public static boolean isHttpUrl(String url) {
        try {
            URI uri = new URI(url.trim());
            return uri.isAbsolute() && ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null;
        } catch (Exception e) {
            return false;
        }
    }


}
