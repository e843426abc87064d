-- The watch list (product pages to scrape, each for one drive), one row per page fetch of a
-- scrape run, and the condition an observation was seen in.

-- The condition is snapshotted on the observation like the seller: a featured offer's
-- condition can change from one scrape to the next, and history must not be rewritten.
ALTER TABLE price_observation ADD COLUMN condition text;
ALTER TABLE price_observation ADD CONSTRAINT price_observation_condition_ck
    CHECK (condition IN ('NEW', 'NEW_OLD_STOCK', 'USED', 'RENEWED'));

CREATE TABLE watched_page (
    id                bigint      GENERATED ALWAYS AS IDENTITY,
    marketplace_id    bigint      NOT NULL,
    external_id       text        NOT NULL,
    url               text        NOT NULL,
    drive_id          bigint      NOT NULL,
    active            boolean     NOT NULL DEFAULT true,
    -- conditional GET: a 304 adds no observation
    etag              text,
    last_modified     text,
    last_attempt_at   timestamptz,
    last_success_at   timestamptz,
    last_outcome      text,
    last_reason       text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT watched_page_pk PRIMARY KEY (id),
    CONSTRAINT watched_page_marketplace_fk FOREIGN KEY (marketplace_id) REFERENCES marketplace (id),
    CONSTRAINT watched_page_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT watched_page_marketplace_external_id_uq UNIQUE (marketplace_id, external_id),
    CONSTRAINT watched_page_url_ck CHECK (url ~ '^https?://'),
    CONSTRAINT watched_page_outcome_ck CHECK (last_outcome IN (
        'PARSED', 'NOT_MODIFIED', 'NO_OFFER', 'BLOCKED', 'PARSE_FAILED', 'FETCH_FAILED', 'REFUSED', 'STORE_FAILED'))
);

CREATE INDEX watched_page_active_idx ON watched_page (last_attempt_at NULLS FIRST) WHERE active;

CREATE TABLE scrape_attempt (
    id                  bigint      GENERATED ALWAYS AS IDENTITY,
    scrape_run_id       bigint      NOT NULL,
    watched_page_id     bigint      NOT NULL,
    url                 text        NOT NULL,
    started_at          timestamptz NOT NULL,
    finished_at         timestamptz NOT NULL,
    outcome             text        NOT NULL,
    http_status         integer,
    offers_parsed       integer     NOT NULL DEFAULT 0,
    observations_added  integer     NOT NULL DEFAULT 0,
    reason              text,
    CONSTRAINT scrape_attempt_pk PRIMARY KEY (id),
    CONSTRAINT scrape_attempt_run_fk FOREIGN KEY (scrape_run_id) REFERENCES scrape_run (id),
    CONSTRAINT scrape_attempt_page_fk FOREIGN KEY (watched_page_id) REFERENCES watched_page (id),
    CONSTRAINT scrape_attempt_outcome_ck CHECK (outcome IN (
        'PARSED', 'NOT_MODIFIED', 'NO_OFFER', 'BLOCKED', 'PARSE_FAILED', 'FETCH_FAILED', 'REFUSED', 'STORE_FAILED')),
    CONSTRAINT scrape_attempt_failure_has_reason_ck CHECK (
        outcome IN ('PARSED', 'NOT_MODIFIED') OR reason IS NOT NULL),
    CONSTRAINT scrape_attempt_counts_ck CHECK (offers_parsed >= 0 AND observations_added >= 0)
);

CREATE INDEX scrape_attempt_run_idx ON scrape_attempt (scrape_run_id);
