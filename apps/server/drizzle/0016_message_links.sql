-- Where a message leads: a notice of a decision on a record links to the record's page. Null for the
-- messages without one (every message written before). A column without a default rewrites nothing.
ALTER TABLE "messages" ADD COLUMN "link" text;
