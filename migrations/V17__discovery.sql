-- Discovery: drivecat searches marketplaces itself. A run searches one source (an official API or
-- a site's search pages) with queries made from the catalog; every result is identified, kept with
-- its decision and evidence, and only a MATCH becomes a listing and, when the result shows its price
-- and condition, an observation. Listings now know when they were last seen and when they ended.

CREATE TABLE discovery_run (
    id              bigint      GENERATED ALWAYS AS IDENTITY,
    source          text        NOT NULL,
    trigger         text        NOT NULL,
    status          text        NOT NULL,
    started_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz,
    queries         integer     NOT NULL DEFAULT 0,
    failed_queries  integer     NOT NULL DEFAULT 0,
    results         integer     NOT NULL DEFAULT 0,
    matched         integer     NOT NULL DEFAULT 0,
    ambiguous       integer     NOT NULL DEFAULT 0,
    rejected        integer     NOT NULL DEFAULT 0,
    priced          integer     NOT NULL DEFAULT 0,
    listings_ended  integer     NOT NULL DEFAULT 0,
    api_calls       integer     NOT NULL DEFAULT 0,
    reason          text,
    CONSTRAINT discovery_run_pk PRIMARY KEY (id),
    CONSTRAINT discovery_run_source_ck CHECK (source ~ '^[a-z0-9]+([-:][a-z0-9]+)*$'),
    CONSTRAINT discovery_run_trigger_ck CHECK (trigger IN ('SCHEDULE', 'MANUAL', 'IMPORT')),
    CONSTRAINT discovery_run_status_ck CHECK (status IN ('RUNNING', 'SUCCEEDED', 'PARTIAL', 'FAILED', 'SKIPPED', 'INTERRUPTED')),
    CONSTRAINT discovery_run_finished_ck CHECK ((status = 'RUNNING') = (finished_at IS NULL)),
    CONSTRAINT discovery_run_failure_has_reason_ck CHECK (status NOT IN ('FAILED', 'SKIPPED') OR reason IS NOT NULL),
    CONSTRAINT discovery_run_counts_ck CHECK (queries >= 0 AND failed_queries >= 0 AND results >= 0 AND matched >= 0
        AND ambiguous >= 0 AND rejected >= 0 AND priced >= 0 AND listings_ended >= 0 AND api_calls >= 0)
);

CREATE INDEX discovery_run_source_idx ON discovery_run (source, started_at DESC);

-- One search of a run, and what came of it.
CREATE TABLE discovery_query (
    id          bigint  GENERATED ALWAYS AS IDENTITY,
    run_id      bigint  NOT NULL,
    query       text    NOT NULL,
    drives      text[]  NOT NULL,
    outcome     text    NOT NULL,
    layout      text,
    pages       integer NOT NULL DEFAULT 0,
    results     integer NOT NULL DEFAULT 0,
    matched     integer NOT NULL DEFAULT 0,
    ambiguous   integer NOT NULL DEFAULT 0,
    rejected    integer NOT NULL DEFAULT 0,
    reason      text,
    CONSTRAINT discovery_query_pk PRIMARY KEY (id),
    CONSTRAINT discovery_query_run_fk FOREIGN KEY (run_id) REFERENCES discovery_run (id),
    CONSTRAINT discovery_query_outcome_ck CHECK (outcome IN ('SEARCHED', 'NO_RESULTS', 'BLOCKED', 'REFUSED', 'AUTH', 'BUDGET', 'FAILED')),
    CONSTRAINT discovery_query_failure_has_reason_ck CHECK (outcome IN ('SEARCHED', 'NO_RESULTS') OR reason IS NOT NULL)
);

CREATE INDEX discovery_query_run_idx ON discovery_query (run_id);

-- One result of a search, as the source showed it, with the identity decision and what was done.
-- review: AUTO (a MATCH, acted on), PENDING (kept for an operator: AMBIGUOUS, NOT_A_DRIVE, NO_MATCH),
-- ACCEPTED or REJECTED (by an operator).
CREATE TABLE discovery_result (
    id                      bigint        GENERATED ALWAYS AS IDENTITY,
    run_id                  bigint        NOT NULL,
    query_id                bigint        NOT NULL,
    marketplace_id          bigint        NOT NULL,
    external_id             text          NOT NULL,
    url                     text,
    title                   text          NOT NULL,
    price                   numeric(12, 2),
    currency                text,
    price_wording           text,
    shipping                numeric(12, 2),
    condition               text,
    condition_wording       text,
    seller_name             text,
    seller_type             text,
    seller_feedback_score   integer,
    seller_feedback_percent numeric(5, 2),
    buying_options          text,
    ends_at                 timestamptz,
    location                text,
    sponsored               boolean       NOT NULL DEFAULT false,
    variations              boolean       NOT NULL DEFAULT false,
    decision                text          NOT NULL,
    drive_id                bigint,
    candidates              jsonb         NOT NULL DEFAULT '[]',
    evidence                text          NOT NULL,
    review                  text          NOT NULL,
    reviewed_at             timestamptz,
    review_note             text,
    listing_id              bigint,
    observation_id          bigint,
    not_priced              text,
    seen_at                 timestamptz   NOT NULL,
    CONSTRAINT discovery_result_pk PRIMARY KEY (id),
    CONSTRAINT discovery_result_run_fk FOREIGN KEY (run_id) REFERENCES discovery_run (id),
    CONSTRAINT discovery_result_query_fk FOREIGN KEY (query_id) REFERENCES discovery_query (id),
    CONSTRAINT discovery_result_marketplace_fk FOREIGN KEY (marketplace_id) REFERENCES marketplace (id),
    CONSTRAINT discovery_result_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT discovery_result_listing_fk FOREIGN KEY (listing_id) REFERENCES listing (id),
    CONSTRAINT discovery_result_observation_fk FOREIGN KEY (observation_id) REFERENCES price_observation (id),
    CONSTRAINT discovery_result_decision_ck CHECK (decision IN ('MATCH', 'AMBIGUOUS', 'NO_MATCH', 'NOT_A_DRIVE')),
    CONSTRAINT discovery_result_review_ck CHECK (review IN ('AUTO', 'PENDING', 'ACCEPTED', 'REJECTED')),
    CONSTRAINT discovery_result_match_names_drive_ck CHECK (decision <> 'MATCH' OR drive_id IS NOT NULL),
    CONSTRAINT discovery_result_title_ck CHECK (length(title) BETWEEN 1 AND 1000),
    CONSTRAINT discovery_result_seller_type_ck CHECK (seller_type IN ('MARKETPLACE', 'THIRD_PARTY')),
    CONSTRAINT discovery_result_condition_ck CHECK (condition IN ('NEW', 'NEW_OLD_STOCK', 'USED', 'RENEWED')),
    CONSTRAINT discovery_result_currency_ck CHECK (currency ~ '^[A-Z]{3}$'),
    CONSTRAINT discovery_result_price_ck CHECK (price IS NULL OR (price > 0 AND currency IS NOT NULL)),
    -- a price is only ever recorded for a drive the matcher or an operator named
    CONSTRAINT discovery_result_priced_only_named_ck CHECK (observation_id IS NULL OR (drive_id IS NOT NULL
        AND review IN ('AUTO', 'ACCEPTED')))
);

CREATE INDEX discovery_result_run_idx ON discovery_result (run_id);
CREATE INDEX discovery_result_item_idx ON discovery_result (marketplace_id, external_id);
CREATE INDEX discovery_result_pending_idx ON discovery_result (seen_at DESC) WHERE review = 'PENDING';

-- A listing's life: when a source last showed it, how many complete runs of the source that
-- found it have not shown it since, and when and why it ended (an eBay item past its end date, a
-- 404 item page, absent from consecutive runs). An ended listing has no current offer: nothing is
-- priced for it after its end, and it is not fetched again.
ALTER TABLE listing ADD COLUMN found_by text;
ALTER TABLE listing ADD COLUMN last_seen_at timestamptz;
ALTER TABLE listing ADD COLUMN missed_runs integer NOT NULL DEFAULT 0;
ALTER TABLE listing ADD COLUMN ends_at timestamptz;
ALTER TABLE listing ADD COLUMN ended_at timestamptz;
ALTER TABLE listing ADD COLUMN ended_reason text;
ALTER TABLE listing ADD CONSTRAINT listing_missed_runs_ck CHECK (missed_runs >= 0);
ALTER TABLE listing ADD CONSTRAINT listing_ended_has_reason_ck CHECK ((ended_at IS NULL) = (ended_reason IS NULL));

CREATE INDEX listing_found_by_idx ON listing (found_by) WHERE found_by IS NOT NULL AND ended_at IS NULL;

-- Per-host pacing across instances: the next moment any instance may send a request to a host.
-- Each request reserves the slot after the last one, so two instances never double the rate.
CREATE TABLE host_slot (
    host     text        NOT NULL,
    next_at  timestamptz NOT NULL,
    CONSTRAINT host_slot_pk PRIMARY KEY (host)
);

-- Calls to a metered API per day (UTC), across instances, against its daily budget.
CREATE TABLE api_call (
    source  text    NOT NULL,
    day     date    NOT NULL,
    calls   integer NOT NULL DEFAULT 0,
    CONSTRAINT api_call_pk PRIMARY KEY (source, day),
    CONSTRAINT api_call_calls_ck CHECK (calls >= 0)
);
