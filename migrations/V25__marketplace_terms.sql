-- A marketplace's terms as data (scrapers/<site>.yaml, "terms", written here at start by MarketplaceSync):
-- how long an offer is shown as current after its newest observation, and what a listing keeps once it
-- has ended. eBay's API License Agreement asks for 6 hours and for content no longer public to go.

ALTER TABLE marketplace ADD COLUMN current_for_seconds integer;
ALTER TABLE marketplace ADD COLUMN after_end text NOT NULL DEFAULT 'KEEP';
ALTER TABLE marketplace ADD CONSTRAINT marketplace_current_for_ck CHECK (current_for_seconds IS NULL OR current_for_seconds > 0);
ALTER TABLE marketplace ADD CONSTRAINT marketplace_after_end_ck CHECK (after_end IN ('KEEP', 'FORGET_CONTENT'));
