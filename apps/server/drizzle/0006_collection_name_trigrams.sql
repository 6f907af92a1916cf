-- The collections' name filter (a substring of either name, any case) by trigram indexes: a filter reads
-- its matches instead of walking the list's order until it has a page (decision 018). pg_trgm is
-- PostgreSQL's contrib (trusted: no superuser needed); PGlite loads it in db/pglite.ts. Two migrations
-- racing to create it (replicas starting, test schemas) both succeed.
DO $$ BEGIN
	CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX "policies_name_trgm_idx" ON "policies" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "policies_name_en_trgm_idx" ON "policies" USING gin (lower("name_en") public.gin_trgm_ops);
--> statement-breakpoint
-- A finer sample of the names: the planner's guess of how many rows a substring matches decides between
-- the trigram indexes and the list's order.
ALTER INDEX "policies_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "policies_name_en_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
