-- Moved: the trigram indexes of the collections' names (and the pg_trgm extension they use) belong to the
-- demo's search table, whose own migration now holds them
-- (apps/server/src/demo/search-table/migrations/0000_search-table.sql, idempotent). A database that ran
-- this migration before keeps what it did; a fresh one has no such table in the core.
SELECT 1;
