-- eBay's marketplace account deletion notifications: when eBay says a user's account is deleted or
-- closed, drivecat removes that user's name from everything it keeps and keeps the prices.
--
-- 1. The price history stays append-only for what it records (prices, times, sellers' kinds, conditions),
--    but the words a marketplace's terms or a deleted account require drivecat to forget may be set to
--    NULL, and only to NULL: the seller's name, the offer's wording, its availability text and its page.
-- 2. A notification is acted on once, by its id (eBay sends one again until it is acknowledged). The
--    record keeps no name: only the id, when it came, and how many rows it changed.

CREATE OR REPLACE FUNCTION price_observation_is_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
DECLARE
    forgettable CONSTANT text[] := ARRAY['seller_name', 'wording', 'availability', 'source_url'];
BEGIN
    IF TG_OP = 'UPDATE'
       AND (to_jsonb(NEW) - forgettable) = (to_jsonb(OLD) - forgettable)
       AND (NEW.seller_name IS NULL OR NEW.seller_name IS NOT DISTINCT FROM OLD.seller_name)
       AND (NEW.wording IS NULL OR NEW.wording IS NOT DISTINCT FROM OLD.wording)
       AND (NEW.availability IS NULL OR NEW.availability IS NOT DISTINCT FROM OLD.availability)
       AND (NEW.source_url IS NULL OR NEW.source_url IS NOT DISTINCT FROM OLD.source_url) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'price_observation is append-only: % is not allowed (only a seller''s name, wording, availability or page may be forgotten)', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TABLE ebay_account_deletion (
    notification_id  text        NOT NULL,
    received_at      timestamptz NOT NULL DEFAULT now(),
    event_date       timestamptz,
    rows_changed     integer     NOT NULL,
    CONSTRAINT ebay_account_deletion_pk PRIMARY KEY (notification_id),
    CONSTRAINT ebay_account_deletion_id_ck CHECK (length(notification_id) BETWEEN 1 AND 200),
    CONSTRAINT ebay_account_deletion_rows_ck CHECK (rows_changed >= 0)
);
