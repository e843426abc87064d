-- Tell listening instances when the catalog version moves, so they need not ask on every request.
-- NOTIFY is delivered at commit; a listener reads the committed version.
CREATE OR REPLACE FUNCTION catalog_version_bump() RETURNS trigger
    LANGUAGE plpgsql AS $$
DECLARE
    bumped bigint;
BEGIN
    UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
    PERFORM pg_notify('drivecat_catalog', bumped::text);
    RETURN NULL;
END;
$$;
