-- Reads that cannot change their plan, writes that scale, and changes that say what they touched.
--
-- 1. current_offer: each listing's current offer (its newest observation that is not suspect),
--    copied out of the history by the same statement that appends the observation. Reading every
--    current offer is a scan of one row per listing, never a join against the history, so no
--    plan can flip to reading the whole observation index. It replaces
--    listing.current_observation_id, whose per-row trigger ran an UPDATE per observation.
-- 2. The current offer is kept by a statement-level trigger over the inserted rows, so a bulk
--    insert of 100,000 observations costs one set-based upsert, not 100,000 updates.
-- 3. The catalog version moves once per transaction (not once per statement), and every change
--    records which drives it touched in catalog_change, so a reader refreshes those drives only.
--    A change that touches everything (a marketplace) records a NULL drive.

CREATE TABLE current_offer (
    listing_id                bigint         NOT NULL,
    observation_id            bigint         NOT NULL,
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
    condition                 text,
    business_only             boolean        NOT NULL,
    CONSTRAINT current_offer_pk PRIMARY KEY (listing_id),
    CONSTRAINT current_offer_listing_fk FOREIGN KEY (listing_id) REFERENCES listing (id),
    CONSTRAINT current_offer_observation_fk FOREIGN KEY (observation_id) REFERENCES price_observation (id)
);

INSERT INTO current_offer (listing_id, observation_id, observed_at, price, price_high, currency, shipping, member_price,
                           in_stock, availability, seller_name, seller_type, fulfilled_by_marketplace, condition, business_only)
SELECT o.listing_id, o.id, o.observed_at, o.price, o.price_high, o.currency, o.shipping, o.member_price,
       o.in_stock, o.availability, o.seller_name, o.seller_type, o.fulfilled_by_marketplace, o.condition, o.business_only
  FROM listing l JOIN price_observation o ON o.id = l.current_observation_id;

DROP TRIGGER price_observation_current ON price_observation;
DROP FUNCTION price_observation_advance_current();
ALTER TABLE listing DROP COLUMN current_observation_id;

CREATE FUNCTION price_observation_advance_current() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO current_offer AS c (listing_id, observation_id, observed_at, price, price_high, currency, shipping,
                                    member_price, in_stock, availability, seller_name, seller_type,
                                    fulfilled_by_marketplace, condition, business_only)
    SELECT DISTINCT ON (n.listing_id) n.listing_id, n.id, n.observed_at, n.price, n.price_high, n.currency, n.shipping,
           n.member_price, n.in_stock, n.availability, n.seller_name, n.seller_type, n.fulfilled_by_marketplace,
           n.condition, n.business_only
      FROM appended n
     WHERE NOT n.suspect
     ORDER BY n.listing_id, n.observed_at DESC
    ON CONFLICT (listing_id) DO UPDATE
       SET observation_id = EXCLUDED.observation_id, observed_at = EXCLUDED.observed_at, price = EXCLUDED.price,
           price_high = EXCLUDED.price_high, currency = EXCLUDED.currency, shipping = EXCLUDED.shipping,
           member_price = EXCLUDED.member_price, in_stock = EXCLUDED.in_stock, availability = EXCLUDED.availability,
           seller_name = EXCLUDED.seller_name, seller_type = EXCLUDED.seller_type,
           fulfilled_by_marketplace = EXCLUDED.fulfilled_by_marketplace, condition = EXCLUDED.condition,
           business_only = EXCLUDED.business_only
     WHERE c.observed_at < EXCLUDED.observed_at;
    RETURN NULL;
END;
$$;

CREATE TRIGGER price_observation_current AFTER INSERT ON price_observation
    REFERENCING NEW TABLE AS appended
    FOR EACH STATEMENT EXECUTE FUNCTION price_observation_advance_current();

-- The change log. Rows older than an hour are pruned (CatalogChanges); pruned_through says up to
-- which version the log is no longer complete, so a reader that far behind reloads everything.
CREATE TABLE catalog_change (
    version     bigint      NOT NULL,
    drive_id    bigint,
    changed_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT catalog_change_uq UNIQUE NULLS NOT DISTINCT (version, drive_id)
);

CREATE INDEX catalog_change_changed_at_idx ON catalog_change (changed_at);

ALTER TABLE catalog_version ADD COLUMN bumped_in xid8;
ALTER TABLE catalog_version ADD COLUMN pruned_through bigint NOT NULL DEFAULT 0;

-- Moves the version once per transaction (NOTIFY is sent at commit, once) and logs the drives.
CREATE FUNCTION catalog_changed(drives bigint[]) RETURNS void
    LANGUAGE plpgsql AS $$
DECLARE
    current bigint;
BEGIN
    IF cardinality(drives) = 0 THEN
        RETURN; -- a statement that changed no row changes nothing
    END IF;
    UPDATE catalog_version SET version = version + 1, bumped_in = pg_current_xact_id()
     WHERE id = 1 AND bumped_in IS DISTINCT FROM pg_current_xact_id()
    RETURNING version INTO current;
    IF current IS NULL THEN
        SELECT version INTO current FROM catalog_version WHERE id = 1;
    ELSE
        PERFORM pg_notify('drivecat_catalog', current::text);
    END IF;
    INSERT INTO catalog_change (version, drive_id)
    SELECT DISTINCT current, d FROM unnest(drives) AS d
    ON CONFLICT ON CONSTRAINT catalog_change_uq DO NOTHING;
END;
$$;

DROP TRIGGER drive_bumps_catalog_version ON drive;
DROP TRIGGER drive_part_number_bumps_catalog_version ON drive_part_number;
DROP TRIGGER spec_value_bumps_catalog_version ON spec_value;
DROP TRIGGER listing_bumps_catalog_version ON listing;
DROP TRIGGER price_observation_bumps_catalog_version ON price_observation;
DROP TRIGGER marketplace_bumps_catalog_version ON marketplace;
DROP TRIGGER measurement_bumps_catalog_version ON measurement;
DROP FUNCTION catalog_version_bump();

-- One function per source of drive ids; transition tables need one trigger per event.
CREATE FUNCTION drive_rows_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM catalog_changed(ARRAY(SELECT id FROM gone));
    ELSE
        PERFORM catalog_changed(ARRAY(SELECT id FROM changed));
    END IF;
    RETURN NULL;
END;
$$;

-- For tables with a drive_id column.
CREATE FUNCTION drive_child_rows_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM catalog_changed(ARRAY(SELECT DISTINCT drive_id FROM gone));
    ELSE
        PERFORM catalog_changed(ARRAY(SELECT DISTINCT drive_id FROM changed));
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION price_observation_rows_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    PERFORM catalog_changed(ARRAY(SELECT DISTINCT l.drive_id FROM changed n JOIN listing l ON l.id = n.listing_id));
    RETURN NULL;
END;
$$;

CREATE FUNCTION everything_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    PERFORM catalog_changed(ARRAY[NULL::bigint]);
    RETURN NULL;
END;
$$;

CREATE TRIGGER drive_inserted AFTER INSERT ON drive REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_rows_changed();
CREATE TRIGGER drive_updated AFTER UPDATE ON drive REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_rows_changed();
CREATE TRIGGER drive_deleted AFTER DELETE ON drive REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION drive_rows_changed();

CREATE TRIGGER spec_value_inserted AFTER INSERT ON spec_value REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER spec_value_updated AFTER UPDATE ON spec_value REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER spec_value_deleted AFTER DELETE ON spec_value REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();

CREATE TRIGGER drive_part_number_inserted AFTER INSERT ON drive_part_number REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER drive_part_number_updated AFTER UPDATE ON drive_part_number REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER drive_part_number_deleted AFTER DELETE ON drive_part_number REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();

CREATE TRIGGER measurement_inserted AFTER INSERT ON measurement REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER measurement_updated AFTER UPDATE ON measurement REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER measurement_deleted AFTER DELETE ON measurement REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();

CREATE TRIGGER listing_inserted AFTER INSERT ON listing REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER listing_updated AFTER UPDATE ON listing REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();
CREATE TRIGGER listing_deleted AFTER DELETE ON listing REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION drive_child_rows_changed();

-- the current offer follows from the observations, so the observations are what is logged
CREATE TRIGGER price_observation_appended AFTER INSERT ON price_observation REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION price_observation_rows_changed();

CREATE TRIGGER marketplace_changed AFTER INSERT OR UPDATE OR DELETE ON marketplace
    FOR EACH STATEMENT EXECUTE FUNCTION everything_changed();
