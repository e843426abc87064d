-- Quotes of datasheets and pages that the seed catalog of 2026-12 had smoothed: PDF columns merged,
-- footnote marks dropped, words between two quoted parts left out without a mark, parts in another
-- order than on the page, and one sentence the cited page does not have (the S3710's media, which the
-- page states in a table title). The values are unchanged; each wording becomes the page's own
-- words, with " ... " where words are left out. Updated in place, so each value keeps its place
-- among its drive's chosen values; the corrected seed file then imports as unchanged.
UPDATE spec_value SET wording = 'High Endurance Technology (HET) Multi-Level Cell ... (MLC)'
 WHERE source_url = 'https://docslib.org/doc/12283368/intel%C2%AE-solid-state-drive-dc-s3700-series'
   AND wording = 'High Endurance Technology (HET) Multi-Level Cell (MLC)';
UPDATE spec_value SET wording = 'Endurance: 10 drive writes per day ... for 5 years'
 WHERE source_url = 'https://docslib.org/doc/12283368/intel%C2%AE-solid-state-drive-dc-s3700-series'
   AND wording = 'Endurance: 10 drive writes per day for 5 years';
UPDATE spec_value SET wording = 'Latency (average sequential) ... Read: 50 µs (TYP)'
 WHERE source_url = 'https://docslib.org/doc/12283368/intel%C2%AE-solid-state-drive-dc-s3700-series'
   AND wording = 'Latency (average sequential) Read: 50 µs (TYP)';
UPDATE spec_value SET wording = 'Latency (average sequential) ... Write: 65 µs (TYP)'
 WHERE source_url = 'https://docslib.org/doc/12283368/intel%C2%AE-solid-state-drive-dc-s3700-series'
   AND wording = 'Latency (average sequential) Write: 65 µs (TYP)';
UPDATE spec_value SET wording = 'Latency (average sequential) ... Write: 66 µs (TYP)'
 WHERE source_url = 'https://manualmachine.com/intel/ssdsc2bx800g401/8105768-user-manual'
   AND wording = 'Latency (average sequential) Write: 66 µs (TYP)';
UPDATE spec_value SET wording = 'Random 4KB Writes: Up to 28,000 IOPS ... Sustained Sequential Read: Up to 550 MB/sSustained Sequential Write: Up to 520 MB/s'
 WHERE source_url = 'https://manualmachine.com/intel/ssdsc2bx800g401/8105768-user-manual'
   AND wording = 'Sustained Sequential Read: Up to 550 MB/sSustained Sequential Write: Up to 520 MB/s ... Random 4KB Writes: Up to 28,000 IOPS';
UPDATE spec_value SET wording = 'S4500 ... Random 4KB Writes: Up to 33,000 IOPS'
 WHERE source_url = 'https://manualzz.com/doc/48879893/intel%C2%AE-solid-state-drive-dc-s4500-s4600-product'
   AND wording = 'S4500 Random 4KB Writes: Up to 33,000 IOPS';
UPDATE spec_value SET wording = 'S4600 ... Random 4KB Writes: Up to 65,000 IOPS'
 WHERE source_url = 'https://manualzz.com/doc/48879893/intel%C2%AE-solid-state-drive-dc-s4500-s4600-product'
   AND wording = 'S4600 Random 4KB Writes: Up to 65,000 IOPS';
UPDATE spec_value SET wording = 'S4500: Up to 7.64 PBW ... (JESD219 workload)'
 WHERE source_url = 'https://manualzz.com/doc/48879893/intel%C2%AE-solid-state-drive-dc-s4500-s4600-product'
   AND wording = 'S4500: Up to 7.64 PBW (JESD219 workload)';
UPDATE spec_value SET wording = 'S4600: Up to 10.84 PBW ... (JESD219 workload)'
 WHERE source_url = 'https://manualzz.com/doc/48879893/intel%C2%AE-solid-state-drive-dc-s4500-s4600-product'
   AND wording = 'S4600: Up to 10.84 PBW (JESD219 workload)';
UPDATE spec_value SET wording = 'Endurance Rating Up to 36.5 PBW (Petabytes Written) ... 10 Drive Writes/day (JESD219 workload)'
 WHERE source_url = 'https://vdocuments.mx/intel-solid-state-drive-dc-p3700-series-product-specification-reliability-specifications.html'
   AND wording = 'Endurance Rating Up to 36.5 PBW (Petabytes Written) 10 Drive Writes/day (JESD219 workload)';
UPDATE spec_value SET wording = 'Endurance Rating ... Up to 62.05 PBW (Petabytes Written) ... Up to 17 Drive Writes/day (JESD219 workload)'
 WHERE source_url = 'https://nad.usermanuals.us/manual/10/Intel-Doll-P3700-User-Manual.html'
   AND wording = 'Endurance Rating Up to 62.05 PBW (Petabytes Written) Up to 17 Drive Writes/day (JESD219 workload)';
UPDATE spec_value SET wording = 'Seq R/W: Up to 2800/2000MB/s ... IOPS Rnd 4KB ... R/W: Up to 460/175K'
 WHERE source_url = 'https://vdocuments.mx/intel-solid-state-drive-dc-p3700-series-product-specification-reliability-specifications.html'
   AND wording = 'Seq R/W: Up to 2800/2000MB/s ... IOPS Rnd 4KB R/W: Up to 460/175K';
UPDATE spec_value SET wording = '1.6TB Intel DC P3700 ... Endurance PB/DWPD ... 43.8 / 17 (5yr)'
 WHERE source_url = 'https://www.tomshardware.com/reviews/intel-dc-p3520-enterprise-ssd-review,4741-3.html'
   AND wording = 'Endurance PB/DWPD ... 1.6TB Intel DC P3700 ... 43.8 / 17 (5yr)';
UPDATE spec_value SET wording = 'Intel SSD DC S3710 / 400GB,MLC'
 WHERE source_url = 'https://github.com/huataihuang/cloud-atlas/blob/1a315de2d6f957b7a9b47b6e3727f9ce3c7eab6f/source/linux/storage/disk/intel_ssd_dc_series.rst'
   AND wording = 'Intel S3700 和 S3710 是企业级数据中心专用MLC';
