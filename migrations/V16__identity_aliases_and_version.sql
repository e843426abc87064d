-- Identity: other names a drive is known by, which part of the catalog the matcher reads, and a
-- counter of changes to that part alone (prices move the catalog version every minute; the
-- matcher's index need not be rebuilt for them).

-- A title an operator accepted for a drive (a discovery result reviewed by hand), with where it
-- was seen: the matcher names the drive when the same title comes again.
CREATE TABLE drive_alias (
    id          bigint      GENERATED ALWAYS AS IDENTITY,
    drive_id    bigint      NOT NULL,
    alias       text        NOT NULL,
    source_url  text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT drive_alias_pk PRIMARY KEY (id),
    CONSTRAINT drive_alias_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT drive_alias_uq UNIQUE (alias),
    CONSTRAINT drive_alias_not_blank_ck CHECK (btrim(alias) <> '' AND length(alias) <= 1000),
    CONSTRAINT drive_alias_source_url_ck CHECK (source_url IS NULL OR source_url ~ '^https?://')
);

CREATE INDEX drive_alias_drive_idx ON drive_alias (drive_id);

-- What a source says a series is made as ("the 7450 PRO comes as M.2 2280, M.2 22110, U.3 and
-- E1.S"): a spec value of each drive of the series, its value the form-factor tokens.
ALTER TABLE spec_value DROP CONSTRAINT spec_value_field_ck;
ALTER TABLE spec_value ADD CONSTRAINT spec_value_field_ck CHECK (field IN (
    'capacity', 'interface', 'formFactor', 'pcieGen', 'pcieLanes', 'media', 'plp', 'dwpd', 'tbw',
    'warrantyYears', 'writeLatency', 'readLatency', 'syncWriteLatency', 'randomWriteIops',
    'randomReadIops', 'seqWrite', 'seqRead', 'partNumber', 'openzfsKnownGoodSlog', 'raw', 'seriesFormFactors'));

CREATE TABLE identity_version (
    id       smallint NOT NULL DEFAULT 1,
    version  bigint   NOT NULL DEFAULT 0,
    CONSTRAINT identity_version_pk PRIMARY KEY (id),
    CONSTRAINT identity_version_single_row_ck CHECK (id = 1)
);

INSERT INTO identity_version (id, version) VALUES (1, 0);

CREATE FUNCTION identity_version_bump() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    UPDATE identity_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER drive_bumps_identity_version AFTER INSERT OR UPDATE OR DELETE ON drive
    FOR EACH STATEMENT EXECUTE FUNCTION identity_version_bump();
CREATE TRIGGER drive_part_number_bumps_identity_version AFTER INSERT OR UPDATE OR DELETE ON drive_part_number
    FOR EACH STATEMENT EXECUTE FUNCTION identity_version_bump();
CREATE TRIGGER drive_alias_bumps_identity_version AFTER INSERT OR UPDATE OR DELETE ON drive_alias
    FOR EACH STATEMENT EXECUTE FUNCTION identity_version_bump();
CREATE TRIGGER spec_value_bumps_identity_version AFTER INSERT OR UPDATE OR DELETE ON spec_value
    FOR EACH STATEMENT EXECUTE FUNCTION identity_version_bump();
