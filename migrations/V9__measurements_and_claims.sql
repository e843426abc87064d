-- Measured flush latency is data, and a reviewer's blanket claim is not a specification.
--
-- 1. measurement: a published benchmark of one drive's synchronous writes (FreeBSD/TrueNAS
--    `diskinfo -wS`, or a fio job with sync/fsync/fdatasync), as people post them when they choose
--    a SLOG. Each row keeps where it was published, the tool, the block size, the line the latency
--    was read from and the whole output, so that anyone can check the number against its source.
-- 2. drive_measurement: every sync-write latency the catalog knows for a drive, whether it came in
--    as a measurement or as a syncWriteLatency spec value from a MEASUREMENT source. The ranking and
--    the drive page read this one view.
-- 3. spec_value.claim: the source says it in its own words as a general claim ("all of these drives
--    have a capacitor backed write cache") rather than by quoting a specification. Such a statement
--    is kept as evidence but never counts as stated by the vendor.

CREATE TABLE measurement (
    id                  bigint         GENERATED ALWAYS AS IDENTITY,
    drive_id            bigint         NOT NULL,
    tool                text           NOT NULL,
    test                text           NOT NULL,
    block_size_bytes    integer        NOT NULL,
    queue_depth         integer        NOT NULL,
    latency_us          numeric(12, 3) NOT NULL,
    device_description  text,
    raw_line            text           NOT NULL,
    raw_output          text           NOT NULL,
    source_url          text           NOT NULL,
    measured_at         timestamptz,
    recorded_at         timestamptz    NOT NULL DEFAULT now(),
    CONSTRAINT measurement_pk PRIMARY KEY (id),
    CONSTRAINT measurement_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT measurement_tool_ck CHECK (tool IN ('diskinfo', 'fio')),
    CONSTRAINT measurement_test_ck CHECK (test IN ('sync-write', 'fsync', 'fdatasync')),
    CONSTRAINT measurement_block_size_ck CHECK (block_size_bytes > 0),
    CONSTRAINT measurement_queue_depth_ck CHECK (queue_depth > 0),
    CONSTRAINT measurement_latency_positive_ck CHECK (latency_us > 0),
    CONSTRAINT measurement_source_url_ck CHECK (source_url ~ '^(https?://|urn:)'),
    CONSTRAINT measurement_raw_line_not_blank_ck CHECK (btrim(raw_line) <> ''),
    CONSTRAINT measurement_raw_output_size_ck CHECK (length(raw_output) <= 65536),
    -- the same published number is stored once: posting it again changes nothing
    CONSTRAINT measurement_statement_uq UNIQUE (drive_id, source_url, tool, block_size_bytes, raw_line)
);

CREATE INDEX measurement_drive_idx ON measurement (drive_id);

CREATE TRIGGER measurement_bumps_catalog_version AFTER INSERT OR UPDATE OR DELETE ON measurement
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump();

ALTER TABLE spec_value ADD COLUMN claim boolean NOT NULL DEFAULT false;

CREATE VIEW drive_measurement AS
    SELECT m.drive_id, m.latency_us, m.tool, m.test, m.block_size_bytes, m.raw_line AS wording, m.source_url,
           NULL::text AS source_title, m.measured_at
      FROM measurement m
    UNION ALL
    SELECT s.drive_id, s.value_number, NULL, 'sync-write', 4096, s.wording, s.source_url, s.source_title, NULL
      FROM spec_value s
     WHERE s.field = 'syncWriteLatency' AND s.source_kind = 'MEASUREMENT' AND s.value_number IS NOT NULL;
