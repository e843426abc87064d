-- A reviewer's blanket line about four drives ("All of these drives have a capacitor backed write
-- cache …") is a claim in the reviewer's own words, not a specification (V9 added spec_value.claim).
-- The bundled seed now marks it so; statements already imported from it are marked here, since an
-- import never rewrites a stored statement.
UPDATE spec_value
   SET claim = true
 WHERE field = 'plp'
   AND source_url = 'urn:drivecat:source:zfs-zil-slog-sysbench-s3700-s3500-600pro-mx100'
   AND wording LIKE 'All of these drives have a capacitor backed write cache%';
