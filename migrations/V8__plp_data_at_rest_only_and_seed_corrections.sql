-- A power-loss-protection class for protection of data at rest only (client drives' "power loss
-- protection for data-at-rest", "power loss immunity"): it keeps what is already on the flash,
-- not the writes in flight in the drive's cache, so it is not PLP for a SLOG.
-- The wider check is added before the old one goes, so the column is never unchecked.
ALTER TABLE spec_value ADD CONSTRAINT spec_value_plp_class_ck CHECK (field <> 'plp' OR value_token IS NULL
    OR value_token IN ('STATED_YES', 'STATED_NO', 'MODEL_SPECIFIC', 'NOT_STATED', 'DATA_AT_REST_ONLY'));
ALTER TABLE spec_value DROP CONSTRAINT spec_value_plp_ck;

-- Statements the first seed catalog made in error, withdrawn from databases that imported it (the
-- corrected seed no longer makes them; its next import re-chooses and re-derives these drives):
--  * Crucial MX100 and Seagate 600 Pro read as PLP from a reviewer's blanket line about four drives;
--    Crucial's client drives of that era protect data at rest only.
--  * Intel DC S3700 100GB "1874" TBW, against the same page's 10 DWPD for 5 years (about 1,825 TB).
--  * Values for the Optane P4800X 375GB add-in card that quote the buying guide's text about the U.2 model.
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND d.slug IN ('crucial-mx100-256gb-sata', 'seagate-600-pro-240gb-sata')
   AND v.field = 'plp'
   AND v.source_url = 'urn:drivecat:source:zfs-zil-slog-sysbench-s3700-s3500-600pro-mx100'
   AND v.wording LIKE 'All of these drives have a capacitor backed write cache%';
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND d.slug = 'intel-dc-s3700-100gb-sata'
   AND v.field = 'tbw'
   AND v.source_url = 'urn:drivecat:source:zfs-zil-slog-sysbench-s3700-s3500-600pro-mx100'
   AND v.wording = 'Endurance (Terabytes Written) | 1874';
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND d.slug = 'intel-optane-p4800x-375gb-aic'
   AND v.source_url = 'urn:drivecat:source:slog-special-vdev-buying-guide-2026';
