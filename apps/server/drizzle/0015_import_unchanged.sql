-- An import's matched rows that held the values their records already had: written as no change (no new
-- version), counted apart from the records it updated. A constant default is no rewrite of the table.
ALTER TABLE "resource_imports" ADD COLUMN "unchanged" integer DEFAULT 0 NOT NULL;
