-- /recommend takes two more roles, dedup and cache (a dedup vdev; an L2ARC device), and a digest
-- subscription names the roles whose drives it follows by the same tokens.
ALTER TABLE subscriber DROP CONSTRAINT subscriber_roles_ck;
ALTER TABLE subscriber ADD CONSTRAINT subscriber_roles_ck CHECK (roles <@ ARRAY['slog', 'special', 'dedup', 'cache']::text[]);

-- A family's "up to" figure is no capacity's value. The seed stated series maxima as the numbers of
-- one capacity: the Samsung PM9A3 960GB U.2's sequential read and write and random IOPS are the
-- series' maxima ("maximal 3,5 GByte/s", reached by the 7.68 TB U.2), the Kioxia CD6-R 960GB's
-- random IOPS the CD6 series' ("not per capacity"). The corrected seed keeps their words as raw
-- statements, which no field is chosen from; because its content changed, the next start imports it
-- again. Withdrawn here from databases that imported the numbers.
DELETE FROM spec_value v USING drive d
 WHERE v.drive_id = d.id
   AND ((d.slug = 'samsung-pm9a3-960gb-u2' AND v.field IN ('seqRead', 'seqWrite', 'randomReadIops', 'randomWriteIops')
         AND v.applies_to LIKE 'series maximum%')
     OR (d.slug = 'kioxia-cd6-r-960gb-u3' AND v.field IN ('randomReadIops', 'randomWriteIops')
         AND v.applies_to LIKE 'CD6 series maximum%'));
