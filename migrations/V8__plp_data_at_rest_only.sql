-- A power-loss-protection class for protection of data at rest only (client drives' "power loss
-- protection for data-at-rest", "power loss immunity"): it keeps what is already on the flash,
-- not the writes in flight in the drive's cache, so it is not PLP for a SLOG.
ALTER TABLE spec_value DROP CONSTRAINT spec_value_plp_ck;
ALTER TABLE spec_value ADD CONSTRAINT spec_value_plp_ck CHECK (field <> 'plp' OR value_token IS NULL
    OR value_token IN ('STATED_YES', 'STATED_NO', 'MODEL_SPECIFIC', 'NOT_STATED', 'DATA_AT_REST_ONLY'));
