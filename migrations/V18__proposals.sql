-- Proposals: drives the market sells that the catalog lacks. A discovery result (a search, a saved
-- search or item page) whose identity is NO_MATCH but which names one drive (a maker, a model, a capacity, and its form and bus
-- where stated) is evidence for the proposal of that drive. A proposal is market evidence, never a
-- spec: nothing in it enters the catalog as a value. A vendor page or datasheet adopts it (the drive
-- it creates is cited to that page); an operator may dismiss it.

CREATE TABLE proposal (
    id            bigint      GENERATED ALWAYS AS IDENTITY,
    maker         text        NOT NULL,
    maker_name    text        NOT NULL,
    model         text        NOT NULL,
    model_key     text        NOT NULL,
    capacity_gb   integer     NOT NULL,
    form          text,
    interface     text,
    known_series  boolean     NOT NULL,
    status        text        NOT NULL DEFAULT 'OPEN',
    status_reason text,
    status_at     timestamptz,
    drive_id      bigint,
    first_seen    timestamptz NOT NULL,
    last_seen     timestamptz NOT NULL,
    CONSTRAINT proposal_pk PRIMARY KEY (id),
    -- one proposal per proposed drive: maker, model, capacity, and the form and bus as stated
    CONSTRAINT proposal_drive_uq UNIQUE NULLS NOT DISTINCT (maker, model_key, capacity_gb, form, interface),
    CONSTRAINT proposal_drive_fk FOREIGN KEY (drive_id) REFERENCES drive (id),
    CONSTRAINT proposal_status_ck CHECK (status IN ('OPEN', 'ADOPTED', 'DISMISSED')),
    CONSTRAINT proposal_adopted_names_drive_ck CHECK ((status = 'ADOPTED') = (drive_id IS NOT NULL)),
    CONSTRAINT proposal_dismissed_has_reason_ck CHECK (status <> 'DISMISSED' OR status_reason IS NOT NULL),
    CONSTRAINT proposal_closed_has_time_ck CHECK ((status = 'OPEN') = (status_at IS NULL)),
    CONSTRAINT proposal_capacity_ck CHECK (capacity_gb > 0),
    CONSTRAINT proposal_form_ck CHECK (form IN ('2.5in', 'u2', 'u3', 'm2-2280', 'm2-22110', 'aic', 'e1s', 'm2', '2.5in-nvme',
        '2.5in-any', 'm2-short', 'e1l-e3', 'msata')),
    CONSTRAINT proposal_interface_ck CHECK (interface IN ('sata', 'sas', 'nvme')),
    CONSTRAINT proposal_seen_ck CHECK (first_seen <= last_seen),
    CONSTRAINT proposal_words_ck CHECK (length(maker) BETWEEN 1 AND 100 AND length(model) BETWEEN 1 AND 200
        AND length(model_key) BETWEEN 1 AND 200)
);

CREATE INDEX proposal_status_seen_idx ON proposal (status, last_seen DESC);

-- A listing that proposed a drive: one row per listing and proposal, naming the discovery result
-- that last showed it (its title, price, condition and seller are read from there).
CREATE TABLE proposal_result (
    id                  bigint      GENERATED ALWAYS AS IDENTITY,
    proposal_id         bigint      NOT NULL,
    marketplace_id      bigint      NOT NULL,
    external_id         text        NOT NULL,
    discovery_result_id bigint      NOT NULL,
    part_numbers        text[]      NOT NULL DEFAULT '{}',
    first_seen          timestamptz NOT NULL,
    seen_at             timestamptz NOT NULL,
    times_seen          integer     NOT NULL DEFAULT 1,
    CONSTRAINT proposal_result_pk PRIMARY KEY (id),
    CONSTRAINT proposal_result_listing_uq UNIQUE (proposal_id, marketplace_id, external_id),
    CONSTRAINT proposal_result_proposal_fk FOREIGN KEY (proposal_id) REFERENCES proposal (id),
    CONSTRAINT proposal_result_marketplace_fk FOREIGN KEY (marketplace_id) REFERENCES marketplace (id),
    CONSTRAINT proposal_result_discovery_fk FOREIGN KEY (discovery_result_id) REFERENCES discovery_result (id),
    CONSTRAINT proposal_result_seen_ck CHECK (first_seen <= seen_at AND times_seen >= 1)
);

CREATE INDEX proposal_result_proposal_idx ON proposal_result (proposal_id, seen_at DESC);
CREATE INDEX proposal_result_discovery_idx ON proposal_result (discovery_result_id);

-- A result on which only bids can be placed shows a bid, not a price to buy at: a proposal's price
-- range leaves it out. A run counts the results that proposed a drive.
ALTER TABLE discovery_result ADD COLUMN auction_only boolean NOT NULL DEFAULT false;
ALTER TABLE discovery_run ADD COLUMN proposed integer NOT NULL DEFAULT 0;
ALTER TABLE discovery_run ADD CONSTRAINT discovery_run_proposed_ck CHECK (proposed >= 0);

-- A sweep of the market (scrapers/sweeps.yaml) is a query made for no catalog drive.
ALTER TABLE discovery_query ADD COLUMN sweep boolean NOT NULL DEFAULT false;
