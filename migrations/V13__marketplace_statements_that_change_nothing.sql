-- A statement on marketplace that changes no row changes nothing, as for every other table
-- (catalog_changed): no new catalog version, no "everything changed" in the change log. Before,
-- the marketplace trigger logged a change for every statement, and the start-up's
-- INSERT ... ON CONFLICT DO NOTHING for marketplaces already stored made every start of an
-- instance move the catalog version and every other instance read the whole catalog again.
-- Transition tables need one trigger per event.
CREATE OR REPLACE FUNCTION everything_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF NOT EXISTS (SELECT 1 FROM gone) THEN
            RETURN NULL;
        END IF;
    ELSIF NOT EXISTS (SELECT 1 FROM changed) THEN
        RETURN NULL;
    END IF;
    PERFORM catalog_changed(ARRAY[NULL::bigint]);
    RETURN NULL;
END;
$$;

DROP TRIGGER marketplace_changed ON marketplace;
CREATE TRIGGER marketplace_inserted AFTER INSERT ON marketplace REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION everything_changed();
CREATE TRIGGER marketplace_updated AFTER UPDATE ON marketplace REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION everything_changed();
CREATE TRIGGER marketplace_deleted AFTER DELETE ON marketplace REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION everything_changed();
