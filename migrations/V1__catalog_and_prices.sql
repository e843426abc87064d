-- drivecat schema, first version: the catalog (drives and spec values with provenance), the
-- marketplaces and their listings, the append-only price history, and scrape runs.
--
-- Tokens stored in text columns are the API tokens (see dev.drivecat.*.ApiToken enums); every
-- closed set is a named CHECK constraint so that no writer, Java or SQL, can store a value the
-- API would not understand.

CREATE TABLE drive (
    id            bigint      GENERATED ALWAYS AS IDENTITY,
    slug          text        NOT NULL,
    vendor        text        NOT NULL,
    model         text        NOT NULL,
    capacity_gb   integer     NOT NULL,
    interface     text        NOT NULL,
    form_factor   text        NOT NULL,
    pcie_gen      smallint,
    pcie_lanes    smallint,
    -- the chosen media spec value, kept here so that filters and the ranking read one column
    media         text,
    -- NULL: no source has said whether the model is still made
    discontinued  boolean,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT drive_pk PRIMARY KEY (id),
    CONSTRAINT drive_slug_uq UNIQUE (slug),
    CONSTRAINT drive_slug_format_ck CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
    CONSTRAINT drive_vendor_not_blank_ck CHECK (btrim(vendor) <> ''),
    CONSTRAINT drive_model_not_blank_ck CHECK (btrim(model) <> ''),
    CONSTRAINT drive_capacity_positive_ck CHECK (capacity_gb > 0),
    CONSTRAINT drive_interface_ck CHECK (interface IN ('sata', 'sas', 'nvme')),
    CONSTRAINT drive_form_factor_ck CHECK (form_factor IN ('2.5in', 'u2', 'u3', 'm2-2280', 'm2-22110', 'aic', 'e1s')),
    CONSTRAINT drive_pcie_gen_ck CHECK (pcie_gen BETWEEN 1 AND 6),
    CONSTRAINT drive_pcie_lanes_ck CHECK (pcie_lanes IN (1, 2, 4, 8, 16)),
    CONSTRAINT drive_pcie_only_on_nvme_ck CHECK (interface = 'nvme' OR (pcie_gen IS NULL AND pcie_lanes IS NULL)),
    CONSTRAINT drive_media_ck CHECK (media IN ('3d-xpoint', 'slc', 'mlc', 'tlc', 'qlc', 'nand'))
);

CREATE INDEX drive_vendor_idx ON drive (lower(vendor));

-- A part number names exactly one SKU; spec importers match pages to drives through it.
CREATE TABLE drive_part_number (
    drive_id     bigint NOT NULL,
    part_number  text   NOT NULL,
    CONSTRAINT drive_part_number_pk PRIMARY KEY (part_number),
    CONSTRAINT drive_part_number_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT drive_part_number_format_ck CHECK (part_number = upper(part_number) AND btrim(part_number) <> '')
);

CREATE INDEX drive_part_number_drive_idx ON drive_part_number (drive_id);

-- Every spec value keeps its evidence: the verbatim wording, where and when it was read, and
-- whether it was stated or derived (and from what). Sources that disagree are all kept; exactly
-- one row per (drive, field) is chosen, by the precedence in SourceKind.
CREATE TABLE spec_value (
    id                bigint      GENERATED ALWAYS AS IDENTITY,
    drive_id          bigint      NOT NULL,
    field             text        NOT NULL,
    value_number      numeric(18, 4),
    value_token       text,
    value_text        text,
    unit              text,
    applies_to        text,
    wording           text        NOT NULL,
    source_url        text        NOT NULL,
    source_title      text,
    source_kind       text        NOT NULL,
    retrieved_at      timestamptz NOT NULL,
    derived_from      text,
    importer          text        NOT NULL,
    importer_version  text        NOT NULL,
    chosen            boolean     NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT spec_value_pk PRIMARY KEY (id),
    CONSTRAINT spec_value_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT spec_value_field_ck CHECK (field IN (
        'capacity', 'interface', 'formFactor', 'pcieGen', 'pcieLanes', 'media', 'plp', 'dwpd', 'tbw',
        'warrantyYears', 'writeLatency', 'readLatency', 'syncWriteLatency', 'randomWriteIops',
        'randomReadIops', 'seqWrite', 'seqRead', 'partNumber', 'openzfsKnownGoodSlog', 'raw')),
    CONSTRAINT spec_value_source_kind_ck CHECK (source_kind IN (
        'VENDOR_PAGE', 'VENDOR_DATASHEET', 'REVIEW', 'MEASUREMENT', 'DERIVED')),
    CONSTRAINT spec_value_derived_names_inputs_ck CHECK ((source_kind = 'DERIVED') = (derived_from IS NOT NULL)),
    CONSTRAINT spec_value_number_not_negative_ck CHECK (value_number IS NULL OR value_number >= 0),
    CONSTRAINT spec_value_one_value_kind_ck CHECK (num_nonnulls(value_number, value_token, value_text) <= 1),
    CONSTRAINT spec_value_plp_ck CHECK (field <> 'plp' OR value_token IS NULL
        OR value_token IN ('STATED_YES', 'STATED_NO', 'MODEL_SPECIFIC', 'NOT_STATED')),
    CONSTRAINT spec_value_model_specific_names_model_ck CHECK (value_token IS DISTINCT FROM 'MODEL_SPECIFIC' OR applies_to IS NOT NULL),
    CONSTRAINT spec_value_raw_names_label_ck CHECK (field <> 'raw' OR applies_to IS NOT NULL),
    -- the same statement from the same source is stored once: re-imports change nothing
    CONSTRAINT spec_value_statement_uq UNIQUE NULLS NOT DISTINCT (drive_id, field, source_url, applies_to, wording, source_kind)
);

CREATE UNIQUE INDEX spec_value_one_chosen_uq ON spec_value (drive_id, field) WHERE chosen;
CREATE INDEX spec_value_chosen_field_idx ON spec_value (field, drive_id) INCLUDE (value_number, value_token) WHERE chosen;

CREATE TABLE marketplace (
    id                bigint GENERATED ALWAYS AS IDENTITY,
    code              text   NOT NULL,
    name              text   NOT NULL,
    host              text   NOT NULL,
    default_currency  text   NOT NULL,
    CONSTRAINT marketplace_pk PRIMARY KEY (id),
    CONSTRAINT marketplace_code_uq UNIQUE (code),
    CONSTRAINT marketplace_code_format_ck CHECK (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    CONSTRAINT marketplace_currency_ck CHECK (default_currency ~ '^[A-Z]{3}$')
);

INSERT INTO marketplace (code, name, host, default_currency) VALUES
    ('amazon-us', 'Amazon US', 'www.amazon.com', 'USD'),
    ('ebay-us', 'eBay US', 'www.ebay.com', 'USD'),
    ('newegg-us', 'Newegg US', 'www.newegg.com', 'USD');

-- A listing is one offer on a marketplace: the featured offer of a product page, or one of the
-- other offers on it (used, renewed tiers). external_id is the marketplace's id for it (ASIN,
-- eBay item id, Newegg item number, with a suffix for the non-featured offers), or, for a listing
-- known only from a report, a key scoped to that report.
CREATE TABLE listing (
    id                        bigint      GENERATED ALWAYS AS IDENTITY,
    marketplace_id            bigint      NOT NULL,
    external_id               text        NOT NULL,
    url                       text,
    drive_id                  bigint      NOT NULL,
    seller_name               text,
    seller_type               text,
    fulfilled_by_marketplace  boolean,
    condition                 text,
    business_only             boolean     NOT NULL DEFAULT false,
    created_at                timestamptz NOT NULL DEFAULT now(),
    -- read model kept by the price_observation trigger: the newest observation that is not
    -- suspect, so "current offer" is one row read, whatever the length of the history
    current_observation_id    bigint,
    CONSTRAINT listing_pk PRIMARY KEY (id),
    CONSTRAINT listing_marketplace_fk FOREIGN KEY (marketplace_id) REFERENCES marketplace (id),
    CONSTRAINT listing_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT listing_marketplace_external_id_uq UNIQUE (marketplace_id, external_id),
    CONSTRAINT listing_external_id_not_blank_ck CHECK (btrim(external_id) <> ''),
    CONSTRAINT listing_url_ck CHECK (url IS NULL OR url ~ '^https?://'),
    CONSTRAINT listing_seller_type_ck CHECK (seller_type IN ('MARKETPLACE', 'THIRD_PARTY')),
    CONSTRAINT listing_condition_ck CHECK (condition IN ('NEW', 'NEW_OLD_STOCK', 'USED', 'RENEWED'))
);

CREATE INDEX listing_drive_idx ON listing (drive_id);

-- Append-only: rows are inserted, never updated or deleted (enforced by trigger below).
-- price is NULL when no price was shown (out of stock, hidden "add to cart" prices, a listing
-- reported without a price); a price band from a report keeps its upper end in price_high.
CREATE TABLE price_observation (
    id                        bigint         GENERATED ALWAYS AS IDENTITY,
    listing_id                bigint         NOT NULL,
    observed_at               timestamptz    NOT NULL,
    price                     numeric(12, 2),
    price_high                numeric(12, 2),
    currency                  text,
    shipping                  numeric(12, 2),
    member_price              numeric(12, 2),
    in_stock                  boolean,
    availability              text,
    seller_name               text,
    seller_type               text,
    fulfilled_by_marketplace  boolean,
    wording                   text,
    source                    text           NOT NULL,
    source_url                text,
    scrape_run_id             bigint,
    suspect                   boolean        NOT NULL DEFAULT false,
    recorded_at               timestamptz    NOT NULL DEFAULT now(),
    CONSTRAINT price_observation_pk PRIMARY KEY (id),
    CONSTRAINT price_observation_listing_fk FOREIGN KEY (listing_id) REFERENCES listing (id),
    CONSTRAINT price_observation_listing_time_uq UNIQUE (listing_id, observed_at),
    CONSTRAINT price_observation_price_positive_ck CHECK (price IS NULL OR price > 0),
    CONSTRAINT price_observation_band_ck CHECK (price_high IS NULL OR (price IS NOT NULL AND price_high >= price)),
    CONSTRAINT price_observation_currency_ck CHECK (currency ~ '^[A-Z]{3}$'),
    CONSTRAINT price_observation_money_has_currency_ck CHECK (
        num_nonnulls(price, shipping, member_price) = 0 OR currency IS NOT NULL),
    CONSTRAINT price_observation_shipping_ck CHECK (shipping IS NULL OR shipping >= 0),
    CONSTRAINT price_observation_member_price_ck CHECK (member_price IS NULL OR member_price > 0),
    CONSTRAINT price_observation_priced_means_stock_known_ck CHECK (price IS NULL OR in_stock IS NOT NULL),
    CONSTRAINT price_observation_seller_type_ck CHECK (seller_type IN ('MARKETPLACE', 'THIRD_PARTY')),
    CONSTRAINT price_observation_source_not_blank_ck CHECK (btrim(source) <> '')
);

-- "latest observation per listing" and "a listing's history in a window" are both this index
CREATE INDEX price_observation_listing_time_idx ON price_observation (listing_id, observed_at DESC);

ALTER TABLE listing ADD CONSTRAINT listing_current_observation_fk
    FOREIGN KEY (current_observation_id) REFERENCES price_observation (id);

CREATE FUNCTION price_observation_is_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'price_observation is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER price_observation_no_update_or_delete
    BEFORE UPDATE OR DELETE ON price_observation
    FOR EACH ROW EXECUTE FUNCTION price_observation_is_append_only();

CREATE FUNCTION price_observation_advance_current() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF NOT NEW.suspect THEN
        UPDATE listing l
           SET current_observation_id = NEW.id
         WHERE l.id = NEW.listing_id
           AND (l.current_observation_id IS NULL
                OR (SELECT o.observed_at FROM price_observation o WHERE o.id = l.current_observation_id) < NEW.observed_at);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER price_observation_current
    AFTER INSERT ON price_observation
    FOR EACH ROW EXECUTE FUNCTION price_observation_advance_current();

CREATE TABLE scrape_run (
    id               bigint      GENERATED ALWAYS AS IDENTITY,
    trigger          text        NOT NULL,
    status           text        NOT NULL,
    started_at       timestamptz NOT NULL DEFAULT now(),
    finished_at      timestamptz,
    pages_fetched    integer     NOT NULL DEFAULT 0,
    offers_parsed    integer     NOT NULL DEFAULT 0,
    failures         integer     NOT NULL DEFAULT 0,
    CONSTRAINT scrape_run_pk PRIMARY KEY (id),
    CONSTRAINT scrape_run_trigger_ck CHECK (trigger IN ('SCHEDULE', 'MANUAL')),
    CONSTRAINT scrape_run_status_ck CHECK (status IN ('RUNNING', 'SUCCEEDED', 'FAILED', 'INTERRUPTED')),
    CONSTRAINT scrape_run_finished_ck CHECK ((status = 'RUNNING') = (finished_at IS NULL)),
    CONSTRAINT scrape_run_counts_ck CHECK (pages_fetched >= 0 AND offers_parsed >= 0 AND failures >= 0)
);

ALTER TABLE price_observation ADD CONSTRAINT price_observation_scrape_run_fk
    FOREIGN KEY (scrape_run_id) REFERENCES scrape_run (id);

-- Bundled seed files are imported once per content version; this records which were.
CREATE TABLE bundled_import (
    name         text        NOT NULL,
    sha256       text        NOT NULL,
    imported_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT bundled_import_pk PRIMARY KEY (name, sha256)
);
