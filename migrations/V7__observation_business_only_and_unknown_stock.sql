-- Two truths about observations.
--
-- 1. Whether an offer was open only to business accounts is a fact of the moment, like its
--    seller: it is now kept on each observation, so a listing that turns business-only does not
--    rewrite its past. Existing observations take their listing's flag (the only knowledge there
--    is); this one-time backfill of a new column is the only UPDATE the append-only table ever
--    sees, and its guard is off for exactly that statement.
-- 2. A page may show a price without saying whether the item is in stock. That is now stored as
--    unknown (in_stock NULL) instead of being forced to a value; such an offer is never a "best
--    offer", which needs in_stock true.

ALTER TABLE price_observation ADD COLUMN business_only boolean;

ALTER TABLE price_observation DISABLE TRIGGER price_observation_no_update_or_delete;
UPDATE price_observation o SET business_only = l.business_only FROM listing l WHERE l.id = o.listing_id;
ALTER TABLE price_observation ENABLE TRIGGER price_observation_no_update_or_delete;

ALTER TABLE price_observation ALTER COLUMN business_only SET DEFAULT false;
ALTER TABLE price_observation ALTER COLUMN business_only SET NOT NULL;

ALTER TABLE price_observation DROP CONSTRAINT price_observation_priced_means_stock_known_ck;
