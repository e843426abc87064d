-- Benchmark catalog: 10,000 drives, 100,000 listings, 10,000,000 price observations, on top of
-- whatever is in the database (run it against a throw-away data directory). Every drive has
-- chosen PLP and endurance values; every listing 100 observations over 200 days.
\set ON_ERROR_STOP on
\timing on

INSERT INTO drive (slug, vendor, model, capacity_gb, interface, form_factor, pcie_gen, pcie_lanes, media, discontinued)
SELECT 'bench-' || lpad(i::text, 5, '0'),
       (ARRAY['Acme', 'Bolt', 'Cirrus', 'Dyna', 'Ember', 'Flux', 'Gale', 'Halo'])[1 + i % 8],
       'Bench ' || (i / 10),
       (ARRAY[240, 480, 960, 1920, 3840, 375, 400, 800])[1 + (i / 7) % 8],
       (ARRAY['sata', 'nvme', 'nvme', 'nvme', 'sas', 'nvme'])[1 + i % 6],
       (ARRAY['2.5in', 'm2-2280', 'u2', 'aic', '2.5in', 'e1s'])[1 + i % 6],
       CASE WHEN i % 6 IN (1, 2, 3, 5) THEN 4 END,
       CASE WHEN i % 6 IN (1, 2, 3, 5) THEN 4 END,
       (ARRAY['tlc', 'tlc', '3d-xpoint', 'qlc', 'mlc', 'tlc', 'nand'])[1 + i % 7],
       i % 5 = 0
  FROM generate_series(1, 10000) AS i;

INSERT INTO spec_value (drive_id, field, value_token, applies_to, wording, source_url, source_kind, retrieved_at, importer,
                        importer_version, chosen)
SELECT d.id, 'plp', c.token, CASE WHEN c.token = 'MODEL_SPECIFIC' THEN 'M.2 22x80' END, c.wording,
       'https://bench.example/' || d.slug, 'VENDOR_PAGE', now() - interval '30 days', 'bench', '1', true
  FROM drive d
  CROSS JOIN LATERAL (SELECT (ARRAY['STATED_YES', 'STATED_YES', 'STATED_YES', 'NOT_STATED', 'MODEL_SPECIFIC', 'STATED_NO'])[1 + d.id % 6] AS token) t
  CROSS JOIN LATERAL (SELECT t.token, 'Power Loss Protection: ' || t.token AS wording) c
 WHERE d.slug LIKE 'bench-%';

INSERT INTO spec_value (drive_id, field, value_number, unit, wording, source_url, source_kind, retrieved_at, importer,
                        importer_version, chosen)
SELECT d.id, 'dwpd', (ARRAY[0.3, 1, 1, 3, 10, 30, 100])[1 + d.id % 7], 'DWPD', 'DWPD', 'https://bench.example/' || d.slug,
       'VENDOR_PAGE', now() - interval '30 days', 'bench', '1', true
  FROM drive d WHERE d.slug LIKE 'bench-%';

INSERT INTO spec_value (drive_id, field, value_number, unit, wording, source_url, source_kind, retrieved_at, importer,
                        importer_version, chosen)
SELECT d.id, 'tbw', d.capacity_gb * (ARRAY[0.5, 1.8, 1.8, 5.5, 18, 55, 180])[1 + d.id % 7], 'TB', 'TBW',
       'https://bench.example/' || d.slug, 'VENDOR_PAGE', now() - interval '30 days', 'bench', '1', true
  FROM drive d WHERE d.slug LIKE 'bench-%' AND d.id % 2 = 0;

INSERT INTO listing (marketplace_id, external_id, url, drive_id, seller_name, seller_type, fulfilled_by_marketplace, condition,
                     business_only)
SELECT m.id, 'bench-' || d.id || '-' || k, 'https://www.amazon.com/dp/B' || lpad((d.id * 10 + k)::text, 9, '0'), d.id,
       CASE WHEN k % 3 = 0 THEN 'Amazon.com' ELSE 'Seller ' || k END,
       CASE WHEN k % 3 = 0 THEN 'MARKETPLACE' ELSE 'THIRD_PARTY' END, k % 2 = 0,
       (ARRAY['NEW', 'NEW', 'NEW', 'NEW_OLD_STOCK', 'USED', 'RENEWED'])[1 + k % 6], k = 9
  FROM drive d CROSS JOIN generate_series(0, 9) AS k
  JOIN marketplace m ON m.code = 'amazon-us'
 WHERE d.slug LIKE 'bench-%';

-- 100 observations per listing, in one statement: the statement-level trigger keeps current_offer
-- for all of them at once.
INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, seller_name, seller_type, condition, source)
SELECT l.id, timestamp with time zone '2026-11-28 00:00:00+00' - (n * interval '2 days'),
       round((100 + (l.id % 900) + 20 * sin(n + l.id))::numeric, 2), 'USD', (n + l.id) % 11 <> 0,
       l.seller_name, l.seller_type, l.condition, 'bench'
  FROM listing l CROSS JOIN generate_series(0, 99) AS n
 WHERE l.external_id LIKE 'bench-%';

ANALYZE;
SELECT (SELECT count(*) FROM drive) AS drives, (SELECT count(*) FROM listing) AS listings,
       (SELECT count(*) FROM price_observation) AS observations;
