-- Which site definition and which of its layouts read each fetched page, so that a run report,
-- the metrics and the freshness check can count pages per site and layout and notice when a
-- marketplace changes its markup; and where a page's structured data disagreed with its visible
-- offer. Attempts recorded before this migration have none of these (NULL).

ALTER TABLE scrape_attempt ADD COLUMN site text;
ALTER TABLE scrape_attempt ADD COLUMN layout text;
ALTER TABLE scrape_attempt ADD COLUMN disagreements text;

ALTER TABLE scrape_attempt ADD CONSTRAINT scrape_attempt_layout_has_site_ck CHECK (layout IS NULL OR site IS NOT NULL);

-- the freshness check compares each site's recent failure share with the days before
CREATE INDEX scrape_attempt_site_finished_idx ON scrape_attempt (site, finished_at) WHERE site IS NOT NULL;
