-- Statements the seed catalogs made in error, withdrawn from databases that imported them. The
-- corrected seed files no longer make them; because their content changed, the next start imports
-- them again, which adds the corrected statements and re-chooses these drives' values.
--  * Two write latencies from seed document 002 whose wording was not the document's own words:
--    one put a description in place of the specification's address it quotes, the other joined
--    the column header and the latency row of a table into one line.
--  * Two Samsung 860 EVO part numbers taken from a shop's "MPN" row. On that shop the row names the
--    SKU the page compares the drive with (its 870 EVO page names an 860 EVO part there), and the
--    860 EVO 500GB page calls its MZ-76E500E "the earlier ... generation". The 970 EVO Plus 1TB's
--    part number from the same kind of row is kept, quoted from the sentence that ties it to the
--    same drive.
--  * The Optane P5800X 800GB's capacity from a table row that gives only the series' range.
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND d.slug = 'intel-dc-s3700-100gb-sata'
   AND v.field = 'writeLatency'
   AND v.wording = 'According to [Intel''s DC S3700 product specification], average write latency is 65 μs.';
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND d.slug = 'intel-dc-s3500-80gb-sata'
   AND v.field = 'writeLatency'
   AND v.wording = 'S3500@80 / S3500@160 / S3520@150 – Write Latency (µs): 65 / 65 / 35';
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND ((d.slug = 'samsung-860-evo-500gb-sata' AND v.wording = '| MPN | MZ-76E500E |')
     OR (d.slug = 'samsung-860-evo-1tb-sata' AND v.wording = '| MPN | MZ-76E1T0 |')
     OR (d.slug = 'samsung-970-evo-plus-1tb-m2' AND v.wording = '| MPN | MZ-V7S1T0BW |'))
   AND v.field = 'partNumber';
DELETE FROM drive_part_number p USING drive d
 WHERE p.drive_id = d.id
   AND ((d.slug = 'samsung-860-evo-500gb-sata' AND p.part_number = 'MZ-76E500E')
     OR (d.slug = 'samsung-860-evo-1tb-sata' AND p.part_number = 'MZ-76E1T0'));
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND d.slug = 'intel-optane-p5800x-800gb-u2'
   AND v.field = 'capacity'
   AND v.source_url = 'https://blog.zuthof.nl/?p=2911';
