-- A counter that moves whenever anything a ranking reads changes, so that computed answers can
-- be cached and still never be served once the catalog or a price has changed, on any instance.
-- Statement-level triggers: one bump per statement, not per row.

CREATE TABLE catalog_version (
    id       smallint NOT NULL DEFAULT 1,
    version  bigint   NOT NULL DEFAULT 0,
    CONSTRAINT catalog_version_pk PRIMARY KEY (id),
    CONSTRAINT catalog_version_single_row_ck CHECK (id = 1)
);

INSERT INTO catalog_version (id, version) VALUES (1, 0);

CREATE FUNCTION catalog_version_bump() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER drive_bumps_catalog_version AFTER INSERT OR UPDATE OR DELETE ON drive
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER drive_part_number_bumps_catalog_version AFTER INSERT OR UPDATE OR DELETE ON drive_part_number
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER spec_value_bumps_catalog_version AFTER INSERT OR UPDATE OR DELETE ON spec_value
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER listing_bumps_catalog_version AFTER INSERT OR UPDATE OR DELETE ON listing
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER price_observation_bumps_catalog_version AFTER INSERT ON price_observation
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
CREATE TRIGGER marketplace_bumps_catalog_version AFTER INSERT OR UPDATE OR DELETE ON marketplace
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();
