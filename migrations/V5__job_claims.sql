-- Scheduled jobs run once per cluster: every instance's scheduler fires at the same cron slot,
-- and only the instance that inserts the slot's row runs it.
CREATE TABLE job_claim (
    job         text        NOT NULL,
    slot        timestamptz NOT NULL,
    claimed_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT job_claim_pk PRIMARY KEY (job, slot)
);
