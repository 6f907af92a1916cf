-- An entry's summary in each language the console speaks (decision 059). Entries written before keep only
-- their English `summary`, which the reader's language falls back to: the trail is append-only, so they
-- are not rewritten. A nullable column without a default changes no row.
ALTER TABLE "audit_log" ADD COLUMN "summaries" jsonb;
