package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.Interface;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every fault the structured import names, one behaviour per test: the member constraints on
 * {@link ImportDocument} (through the JSON pointer they are reported at) and each check
 * {@link ImportValidator} makes beyond them, against a catalog held in memory.
 */
class ImportValidatorTest {

    private static final Validator CONSTRAINTS = Validation.buildDefaultValidatorFactory().getValidator();
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final String SOURCES = """
            "sources": {"v": {"url": "https://vendor.example/x", "kind": "VENDOR_PAGE", "retrievedAt": "2026-11-01"}}""";

    /** The catalog as a test states it; only an amazon.com product page may be watched. */
    private static CatalogInMemory catalog() {
        return new CatalogInMemory(url -> url.contains("amazon.com/dp/") ? Optional.empty()
                : Optional.of("not a product page of a marketplace in scrapers/"));
    }

    private static ImportDocument doc(String json) {
        try {
            return JSON.readValue(json, ImportDocument.class);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static List<ImportError> errors(String json, CatalogInMemory catalog) {
        ImportValidator.Result r = ImportValidator.validate(doc(json), CONSTRAINTS, catalog, NOW);
        assertThat(r.plan().isEmpty()).isEqualTo(!r.errors().isEmpty());
        return r.errors();
    }

    private static List<ImportError> errors(String json) {
        return errors(json, catalog());
    }

    /** A document with one drive whose members and specs are given as JSON. */
    private static String drive(String members) {
        return "{\"format\": \"drivecat-import/1\", " + SOURCES + ", \"drives\": [{" + members + "}]}";
    }

    private static final String NEW_DRIVE = "\"slug\": \"acme-x1-400gb-u2\", \"vendor\": \"Acme\", \"model\": \"X1\", \"capacityGb\": 400, "
            + "\"interface\": \"nvme\", \"formFactor\": \"u2\"";

    private static String spec(String spec) {
        return drive(NEW_DRIVE + ", \"specs\": [" + spec + "]");
    }

    /** A document with one listing of a drive the catalog has, its members given as JSON. */
    private static String listing(String members) {
        return "{\"format\": \"drivecat-import/1\", " + SOURCES + ", \"listings\": [{" + members + "}]}";
    }

    private static CatalogInMemory withDrive(String slug, Interface iface) {
        CatalogInMemory c = catalog();
        c.drives.put(slug, iface);
        return c;
    }

    private static final String LISTED = "\"marketplace\": \"amazon-us\", \"externalId\": \"B0X\", \"drive\": \"acme-x1-400gb-u2\"";

    private static String observation(String members) {
        return listing(LISTED + ", \"observations\": [{" + members + "}]");
    }

    private static ImportError only(List<ImportError> errors) {
        assertThat(errors).hasSize(1);
        return errors.get(0);
    }

    // --- a valid document -------------------------------------------------------------------

    @Test
    void wholeSecondsInUtcAreReadAsInstantParseReadsThem() {
        java.util.Random random = new java.util.Random(30);
        for (int i = 0; i < 100_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(-62_135_596_800L, 253_402_300_799L)); // years 1 to 9999
            String text = java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'")
                    .format(t.atOffset(java.time.ZoneOffset.UTC));
            assertThat(ImportValidator.wholeSecondsUtc(text)).as(text).isEqualTo(Instant.parse(text));
        }
    }

    @Test
    void otherFormsAndImpossibleDatesAreLeftToTheFullParser() {
        for (String text : List.of("2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T23:59:60Z",
                "2026-11-3OT12:00:00Z", "2026-11-30T12:00:00.5Z", "2026-11-30T12:00:00+01:00", "2026-11-30", "2026-11-30 12:00:00Z")) {
            assertThat(ImportValidator.wholeSecondsUtc(text)).as(text).isNull();
        }
    }

    @Test
    void aValidDocumentGivesAPlanWithNormalisedValues() {
        ImportValidator.Result r = ImportValidator.validate(doc(drive(NEW_DRIVE + ", \"partNumbers\": [\" acx1-400 \"], \"specs\": ["
                + "{\"field\": \"plp\", \"value\": \"STATED_YES\", \"wording\": \" PLP: Yes \", \"source\": \"v\"},"
                + "{\"field\": \"tbw\", \"value\": 876, \"unit\": \"TB\", \"wording\": \"876 TBW\", \"source\": \"v\"}]")),
                CONSTRAINTS, catalog(), NOW);
        assertThat(r.errors()).isEmpty();
        ImportPlan.DrivePlan d = r.plan().orElseThrow().drives().get(0);
        assertThat(d.partNumbers()).containsExactly("ACX1-400");
        assertThat(d.specs()).extracting(s -> s.wording()).containsExactly("PLP: Yes", "876 TBW");
        assertThat(d.specs().get(0).token()).isEqualTo("STATED_YES");
    }

    // --- member constraints, reported at their JSON pointer ----------------------------------

    @Test
    void aDocumentOfAnotherFormatIsRejectedNamingTheFormatGiven() {
        assertThat(only(errors("{\"format\": \"drivecat-import/2\", \"drives\": [{" + NEW_DRIVE + "}]}")))
                .isEqualTo(new ImportError("/format", "must be \"drivecat-import/1\", not \"drivecat-import/2\""));
        assertThat(only(errors("{\"drives\": [{" + NEW_DRIVE + "}]}")))
                .isEqualTo(new ImportError("/format", "must be \"drivecat-import/1\""));
    }

    @Test
    void aSlugOutsideTheCatalogsFormIsRejectedAndTheDriveNotCheckedFurther() {
        // a new drive without vendor, model or capacity: not reported, since without a slug it is no drive yet
        ImportError e = only(errors(drive("\"slug\": \"Acme X1\"")));
        assertThat(e.pointer()).isEqualTo("/drives/0/slug");
        assertThat(e.message()).contains("lower-case words").contains("not \"Acme X1\"");
        assertThat(only(errors(drive("\"slug\": \"" + "a".repeat(121) + "\""))).message()).contains("at most 120");
        assertThat(only(errors(drive("\"vendor\": \"Acme\"")))).isEqualTo(new ImportError("/drives/0/slug", "is required"));
    }

    @Test
    void membersThatMustHoldSomethingAreNamedByPointer() {
        List<ImportError> e = errors(drive("\"slug\": \"acme-x1-400gb-u2\", \"vendor\": \" \", \"model\": \"X1\", \"capacityGb\": 0, "
                + "\"interface\": \"nvme\", \"formFactor\": \"u2\", \"pcieGen\": 7, \"partNumbers\": [\"\"], "
                + "\"specs\": [{\"field\": \"plp\", \"value\": \"STATED_YES\", \"wording\": \"\", \"source\": \"\"}]"));
        assertThat(e).containsExactlyInAnyOrder(
                new ImportError("/drives/0/capacityGb", "must be a positive number of decimal GB"),
                new ImportError("/drives/0/partNumbers/0", "must not be blank"),
                new ImportError("/drives/0/pcieGen", "must be a PCIe generation from 1 to 6"),
                new ImportError("/drives/0/specs/0/source", "is required: the id of an entry in sources"),
                new ImportError("/drives/0/specs/0/wording", "is required: the source's own words, verbatim"),
                new ImportError("/drives/0/vendor", "must not be blank"));
    }

    @Test
    void nullEntriesInListsAndMapsAreNamedAsMissingObjects() {
        List<ImportError> e = errors("{\"format\": \"drivecat-import/1\", \"sources\": {\"a/b\": null}, \"drives\": [null], "
                + "\"listings\": [null]}");
        assertThat(e).contains(
                new ImportError("/drives/0", "must be an object"),
                new ImportError("/listings/0", "must be an object"),
                new ImportError("/sources/a~1b", "must be an object with url, kind and retrievedAt"));
    }

    @Test
    void aSourceNeedsItsUrlKindAndTime() {
        List<ImportError> e = errors("{\"format\": \"drivecat-import/1\", \"sources\": {\"v\": {\"title\": \"t\"}}, "
                + "\"drives\": [{" + NEW_DRIVE + "}]}");
        assertThat(e).containsExactlyInAnyOrder(
                new ImportError("/sources/v/kind", "is required; allowed: MEASUREMENT, REVIEW, VENDOR_DATASHEET, VENDOR_PAGE"),
                new ImportError("/sources/v/retrievedAt", "is required: an ISO 8601 instant such as 2026-10-21T00:00:00Z, or a date such as 2026-10-21"),
                new ImportError("/sources/v/url", "is required"));
    }

    @Test
    void aListingNeedsItsMarketplaceIdAndDrive() {
        assertThat(errors(listing("\"url\": \"https://www.amazon.com/dp/B0X\""))).extracting(ImportError::pointer)
                .containsExactly("/listings/0/drive", "/listings/0/externalId", "/listings/0/marketplace");
    }

    @Test
    void moneyMustBePositiveAndFitTheColumnsNamedAtTheAmount() {
        List<ImportError> e = errors(observation("\"observedAt\": \"2026-11-01\", \"price\": 0, \"shipping\": -1, \"memberPrice\": -2, "
                + "\"currency\": \"USD\", \"inStock\": true, \"source\": \"v\""), withDrive("acme-x1-400gb-u2", Interface.NVME));
        assertThat(e).extracting(ImportError::pointer).contains("/listings/0/observations/0/price",
                "/listings/0/observations/0/shipping", "/listings/0/observations/0/memberPrice");
        String money = "money amounts have at most 10 digits before the decimal point and two after";
        assertThat(errors(observation("\"observedAt\": \"2026-11-01\", \"price\": 1.234, \"priceHigh\": 12345678901, "
                + "\"currency\": \"USD\", \"inStock\": true, \"source\": \"v\""), withDrive("acme-x1-400gb-u2", Interface.NVME)))
                .containsExactly(new ImportError("/listings/0/observations/0/price", money),
                        new ImportError("/listings/0/observations/0/priceHigh", money));
    }

    @Test
    void anObservationNeedsItsTimeAndSource() {
        assertThat(errors(observation("\"inStock\": false"), withDrive("acme-x1-400gb-u2", Interface.NVME)))
                .containsExactlyInAnyOrder(
                        new ImportError("/listings/0/observations/0/observedAt",
                                "is required: an ISO 8601 instant such as 2026-10-21T00:00:00Z, or a date such as 2026-10-21"),
                        new ImportError("/listings/0/observations/0/source", "is required: the id of an entry in sources"));
    }

    // --- the document as a whole --------------------------------------------------------------

    @Test
    void anEmptyBodyIsTheEmptyDocument() {
        ImportValidator.Result r = ImportValidator.validate(null, CONSTRAINTS, catalog(), NOW);
        assertThat(only(r.errors())).isEqualTo(new ImportError("", "the document is empty"));
    }

    @Test
    void aDocumentWithNeitherDrivesNorListingsIsRejected() {
        assertThat(only(errors("{\"format\": \"drivecat-import/1\", " + SOURCES + "}")))
                .isEqualTo(new ImportError("", "the document has no drives and no listings"));
    }

    // --- sources ------------------------------------------------------------------------------

    @Test
    void aSourceUrlMustBeHttpOrUrn() {
        String json = "{\"format\": \"drivecat-import/1\", \"sources\": {\"v\": {\"url\": \"ftp://x.example/a\", \"kind\": \"REVIEW\", "
                + "\"retrievedAt\": \"2026-11-01\"}}, \"drives\": [{" + NEW_DRIVE + "}]}";
        assertThat(only(errors(json))).isEqualTo(new ImportError("/sources/v/url",
                "must be an absolute http(s) URL or a urn:, not \"ftp://x.example/a\""));
        assertThat(errors(json.replace("ftp://x.example/a", "urn:example:datasheet"))).isEmpty();
    }

    @Test
    void aSourceKindMustBeOneAnImportMayStateNeverDerived() {
        String json = "{\"format\": \"drivecat-import/1\", \"sources\": {\"v\": {\"url\": \"https://x.example\", \"kind\": \"DERIVED\", "
                + "\"retrievedAt\": \"2026-11-01\"}}, \"drives\": [{" + NEW_DRIVE + "}]}";
        assertThat(only(errors(json)).message()).isEqualTo("\"DERIVED\" is not a source kind an import may state; allowed: "
                + "MEASUREMENT, REVIEW, VENDOR_DATASHEET, VENDOR_PAGE");
        assertThat(only(errors(json.replace("DERIVED", "BLOG"))).pointer()).isEqualTo("/sources/v/kind");
    }

    @Test
    void aTimeMustBeAnInstantOrADate() {
        String json = "{\"format\": \"drivecat-import/1\", \"sources\": {\"v\": {\"url\": \"https://x.example\", \"kind\": \"REVIEW\", "
                + "\"retrievedAt\": \"yesterday\"}}, \"drives\": [{" + NEW_DRIVE + "}]}";
        assertThat(only(errors(json))).isEqualTo(new ImportError("/sources/v/retrievedAt",
                "\"yesterday\" is not an ISO 8601 instant (2026-10-21T00:00:00Z) or date (2026-10-21)"));
        assertThat(errors(json.replace("yesterday", "2026-11-01T10:00:00+02:00"))).isEmpty();
    }

    // --- drives -------------------------------------------------------------------------------

    @Test
    void aDriveAppearsOnceInADocument() {
        String json = "{\"format\": \"drivecat-import/1\", \"drives\": [{" + NEW_DRIVE + "}, {" + NEW_DRIVE + "}]}";
        assertThat(only(errors(json))).isEqualTo(new ImportError("/drives/1/slug", "drive \"acme-x1-400gb-u2\" appears twice in this document"));
    }

    @Test
    void aDriveGivesAtMost64PartNumbersAndMoreIsRefusedSayingSo() {
        String sixtyFour = java.util.stream.IntStream.range(0, 64).mapToObj(i -> "\"ACX1-" + i + "\"")
                .collect(java.util.stream.Collectors.joining(", "));
        assertThat(errors(drive(NEW_DRIVE + ", \"partNumbers\": [" + sixtyFour + "]"))).isEmpty();
        assertThat(only(errors(drive(NEW_DRIVE + ", \"partNumbers\": [" + sixtyFour + ", \"ACX1-64\"]"))))
                .isEqualTo(new ImportError("/drives/0/partNumbers", "at most 64 part numbers per drive, and 65 were given"));
    }

    @Test
    void aNewDriveNeedsItsIdentityAndAKnownOneDoesNot() {
        List<ImportError> e = errors(drive("\"slug\": \"acme-x1-400gb-u2\""));
        assertThat(e).extracting(ImportError::pointer).containsExactly("/drives/0/vendor", "/drives/0/model", "/drives/0/capacityGb",
                "/drives/0/interface", "/drives/0/formFactor");
        assertThat(e.get(3).message()).contains("allowed: sata, sas, nvme");
        assertThat(e.get(4).message()).contains("allowed: 2.5in, u2");
        assertThat(errors(drive("\"slug\": \"acme-x1-400gb-u2\""), withDrive("acme-x1-400gb-u2", Interface.NVME))).isEmpty();
    }

    @Test
    void tokensOutsideTheirSetAreRejectedListingTheAllowedOnes() {
        ImportError e = only(errors(drive(NEW_DRIVE.replace("\"nvme\"", "\"floppy\""))));
        assertThat(e).isEqualTo(new ImportError("/drives/0/interface", "\"floppy\" is not allowed; allowed: sata, sas, nvme"));
    }

    @Test
    void pcieLanesAreAPowerOfTwoUpToSixteen() {
        assertThat(only(errors(drive(NEW_DRIVE + ", \"pcieLanes\": 3"))))
                .isEqualTo(new ImportError("/drives/0/pcieLanes", "must be 1, 2, 4, 8 or 16"));
    }

    @Test
    void pcieAppliesToNvmeDrivesOnlyIncludingOnesAlreadyInTheCatalog() {
        assertThat(only(errors(drive(NEW_DRIVE.replace("\"nvme\"", "\"sata\"") + ", \"pcieGen\": 3"))).message())
                .isEqualTo("PCIe generation and lanes apply to nvme drives only, and this drive is sata");
        assertThat(only(errors(drive("\"slug\": \"acme-s1-240gb-sata\", \"pcieLanes\": 4"), withDrive("acme-s1-240gb-sata", Interface.SATA)))
                .pointer()).isEqualTo("/drives/0/pcieGen");
    }

    @Test
    void anNvmeDriveWithPcieRecordedCannotBecomeAnotherInterface() {
        CatalogInMemory c = withDrive("acme-x1-400gb-u2", Interface.NVME);
        c.withPcie.add("acme-x1-400gb-u2");
        ImportError e = only(errors(drive("\"slug\": \"acme-x1-400gb-u2\", \"interface\": \"sas\""), c));
        assertThat(e.pointer()).isEqualTo("/drives/0/interface");
        assertThat(e.message()).contains("cannot become sas").contains("another SKU");
        assertThat(errors(drive("\"slug\": \"acme-x1-400gb-u2\", \"interface\": \"sas\""), withDrive("acme-x1-400gb-u2", Interface.NVME)))
                .as("without PCIe recorded it may").isEmpty();
    }

    @Test
    void aPartNumberBelongsToOneDriveInTheCatalogAndInTheDocument() {
        CatalogInMemory c = catalog();
        c.partNumbers.put("ACX2-800", "acme-x2-800gb-u2");
        assertThat(only(errors(drive(NEW_DRIVE + ", \"partNumbers\": [\"acx2-800\"]"), c)))
                .isEqualTo(new ImportError("/drives/0/partNumbers/0", "part number ACX2-800 already belongs to drive \"acme-x2-800gb-u2\""));
        String twice = "{\"format\": \"drivecat-import/1\", \"drives\": [{" + NEW_DRIVE + ", \"partNumbers\": [\"P1\"]}, "
                + "{" + NEW_DRIVE.replace("acme-x1-400gb-u2", "acme-x1-800gb-u2") + ", \"partNumbers\": [\"p1\"]}]}";
        assertThat(only(errors(twice))).isEqualTo(new ImportError("/drives/1/partNumbers/0",
                "part number P1 is also given for drive \"acme-x1-400gb-u2\" in this document"));
    }

    // --- spec values --------------------------------------------------------------------------

    @Test
    void aSpecNeedsAFieldDrivecatKnows() {
        assertThat(only(errors(spec("{\"wording\": \"w\", \"source\": \"v\"}"))).message())
                .startsWith("is required; allowed: capacity, interface, formFactor");
        assertThat(only(errors(spec("{\"field\": \"colour\", \"wording\": \"w\", \"source\": \"v\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/field", "\"colour\" is not allowed; allowed: "
                        + String.join(", ", dev.drivecat.common.ApiToken.tokens(dev.drivecat.catalog.SpecField.class))));
    }

    @Test
    void aNumberFieldTakesANonNegativeNumberThatFitsTheColumn() {
        assertThat(only(errors(spec("{\"field\": \"dwpd\", \"value\": \"three\", \"wording\": \"w\", \"source\": \"v\"}"))).message())
                .isEqualTo("must be a number for dwpd");
        assertThat(only(errors(spec("{\"field\": \"dwpd\", \"value\": -1, \"wording\": \"w\", \"source\": \"v\"}"))).message())
                .isEqualTo("must not be negative");
        assertThat(only(errors(spec("{\"field\": \"dwpd\", \"value\": 0.12345, \"wording\": \"w\", \"source\": \"v\"}"))).message())
                .isEqualTo("must have at most 14 digits before the decimal point and 4 after, not 0.12345");
    }

    @Test
    void aUnitIfGivenIsTheFieldsOwn() {
        assertThat(only(errors(spec("{\"field\": \"tbw\", \"value\": 5, \"unit\": \"PB\", \"wording\": \"5 PBW\", \"source\": \"v\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/unit", "the value of tbw is kept in TB; give it in TB"));
        assertThat(only(errors(spec("{\"field\": \"pcieGen\", \"value\": 4, \"unit\": \"gen\", \"wording\": \"Gen4\", \"source\": \"v\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/unit", "pcieGen has no unit"));
    }

    @Test
    void aTextFieldTakesANonBlankString() {
        assertThat(only(errors(spec("{\"field\": \"partNumber\", \"value\": 42, \"wording\": \"w\", \"source\": \"v\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/value", "must be a non-blank string for partNumber"));
    }

    @Test
    void aTokenFieldTakesOneOfItsTokens() {
        assertThat(only(errors(spec("{\"field\": \"plp\", \"value\": true, \"wording\": \"w\", \"source\": \"v\"}"))).message())
                .isEqualTo("must be one of STATED_YES, STATED_NO, MODEL_SPECIFIC, NOT_STATED, DATA_AT_REST_ONLY");
        assertThat(only(errors(spec("{\"field\": \"plp\", \"value\": \"MAYBE\", \"wording\": \"w\", \"source\": \"v\"}"))).message())
                .isEqualTo("\"MAYBE\" is not a valid plp; allowed: STATED_YES, STATED_NO, MODEL_SPECIFIC, NOT_STATED, DATA_AT_REST_ONLY");
    }

    @Test
    void modelSpecificPlpAndRawValuesNameWhatTheyApplyTo() {
        assertThat(only(errors(spec("{\"field\": \"plp\", \"value\": \"MODEL_SPECIFIC\", \"wording\": \"w\", \"source\": \"v\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/appliesTo",
                        "is required when plp is MODEL_SPECIFIC: name the model the protection applies to"));
        assertThat(only(errors(spec("{\"field\": \"raw\", \"value\": \"x\", \"wording\": \"w\", \"source\": \"v\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/appliesTo", "is required for a raw value: the label it was found under"));
    }

    @Test
    void aSourceReferenceMustNameASourceOfTheDocument() {
        assertThat(only(errors(spec("{\"field\": \"dwpd\", \"value\": 1, \"wording\": \"w\", \"source\": \"nowhere\"}"))))
                .isEqualTo(new ImportError("/drives/0/specs/0/source", "unknown source \"nowhere\"; sources in this document: v"));
    }

    // --- listings and observations -------------------------------------------------------------

    @Test
    void aListingIsOnAKnownMarketplaceAndSellsAKnownDrive() {
        List<ImportError> e = errors(listing("\"marketplace\": \"shop-xx\", \"externalId\": \"B0X\", \"drive\": \"no-such-drive\""));
        assertThat(e).containsExactly(new ImportError("/listings/0/marketplace", "unknown marketplace \"shop-xx\""),
                new ImportError("/listings/0/drive", "no drive \"no-such-drive\" in this document or in the catalog"));
    }

    @Test
    void aListingUrlIsHttpAndAWatchedOneAProductPage() {
        CatalogInMemory c = withDrive("acme-x1-400gb-u2", Interface.NVME);
        assertThat(only(errors(listing(LISTED + ", \"url\": \"amazon.com/dp/B0X\""), c)))
                .isEqualTo(new ImportError("/listings/0/url", "must be an absolute http(s) URL"));
        assertThat(only(errors(listing(LISTED + ", \"watch\": true"), c)))
                .isEqualTo(new ImportError("/listings/0/url", "is required to watch the listing: the product page every scrape run fetches"));
        assertThat(only(errors(listing(LISTED + ", \"watch\": true, \"url\": \"https://www.amazon.com/s?k=optane\""), c)))
                .isEqualTo(new ImportError("/listings/0/url", ImportValidator.ITEM_PAGE_ONLY));
    }

    @Test
    void aListingAppearsOnceAndNeverMovesToAnotherDrive() {
        CatalogInMemory c = withDrive("acme-x1-400gb-u2", Interface.NVME);
        String twice = "{\"format\": \"drivecat-import/1\", \"listings\": [{" + LISTED + "}, {" + LISTED + "}]}";
        assertThat(only(errors(twice, c))).isEqualTo(new ImportError("/listings/1/externalId",
                "listing B0X on amazon-us appears twice in this document"));
        c.listings.put("amazon-us B0X", "acme-x2-800gb-u2");
        assertThat(only(errors(listing(LISTED), c))).isEqualTo(new ImportError("/listings/0/drive",
                "listing B0X on amazon-us already sells drive \"acme-x2-800gb-u2\"; a listing cannot move to another drive"));
    }

    @Test
    void aListingsSellerTypeAndConditionAreTokens() {
        assertThat(errors(listing(LISTED + ", \"sellerType\": \"FRIEND\", \"condition\": \"MINT\""), withDrive("acme-x1-400gb-u2", Interface.NVME)))
                .extracting(ImportError::pointer).containsExactly("/listings/0/sellerType", "/listings/0/condition");
    }

    @Test
    void aListingHasOneObservationPerInstant() {
        String json = listing(LISTED + ", \"observations\": ["
                + "{\"observedAt\": \"2026-11-01\", \"inStock\": false, \"source\": \"v\"},"
                + "{\"observedAt\": \"2026-11-01T00:00:00Z\", \"inStock\": false, \"source\": \"v\"}]");
        assertThat(only(errors(json, withDrive("acme-x1-400gb-u2", Interface.NVME)))).isEqualTo(new ImportError(
                "/listings/0/observations/1/observedAt", "this listing has two observations at 2026-11-01T00:00:00Z"));
    }

    @Test
    void anObservationIsNotInTheFuture() {
        assertThat(only(errors(observation("\"observedAt\": \"2026-12-02\", \"inStock\": false, \"source\": \"v\""),
                withDrive("acme-x1-400gb-u2", Interface.NVME))))
                .isEqualTo(new ImportError("/listings/0/observations/0/observedAt", "lies in the future (2026-12-02T00:00:00Z)"));
    }

    @Test
    void aPriceNeedsAKnownCurrencyAndStock() {
        CatalogInMemory c = withDrive("acme-x1-400gb-u2", Interface.NVME);
        assertThat(errors(observation("\"observedAt\": \"2026-11-01\", \"price\": 100, \"source\": \"v\""), c)).containsExactly(
                new ImportError("/listings/0/observations/0/currency", "is required with a price: an ISO 4217 code such as USD or EUR"),
                new ImportError("/listings/0/observations/0/inStock", "is required with a price"));
        assertThat(only(errors(observation("\"observedAt\": \"2026-11-01\", \"price\": 100, \"currency\": \"XYZ\", \"inStock\": true, "
                + "\"source\": \"v\""), c))).isEqualTo(new ImportError("/listings/0/observations/0/currency",
                "\"XYZ\" is not an ISO 4217 currency code such as USD, EUR or GBP"));
        assertThat(only(errors(observation("\"observedAt\": \"2026-11-01\", \"price\": 100, \"currency\": \"usd\", \"inStock\": true, "
                + "\"source\": \"v\""), c)).pointer()).isEqualTo("/listings/0/observations/0/currency");
    }

    @Test
    void aPriceBandsUpperEndNeedsALowerEndBelowIt() {
        CatalogInMemory c = withDrive("acme-x1-400gb-u2", Interface.NVME);
        String band = "\"observedAt\": \"2026-11-01\", \"currency\": \"USD\", \"inStock\": true, \"source\": \"v\", ";
        ImportError upper = new ImportError("/listings/0/observations/0/priceHigh",
                "is the upper end of a band and needs a price no greater than it");
        assertThat(only(errors(observation(band + "\"priceHigh\": 450"), c))).isEqualTo(upper);
        assertThat(only(errors(observation(band + "\"price\": 460, \"priceHigh\": 450"), c))).isEqualTo(upper);
        assertThat(errors(observation(band + "\"price\": 420, \"priceHigh\": 450"), c)).isEmpty();
    }
}
