-- The search table's records are named collections in the code as in the texts: the table 0000 made as
-- "policies" takes the name "collections", with its identity sequence, primary key, indexes, list-generation
-- trigger and counters, and the roles keep their grants under the catalogue's new permission codes
-- (policy:* -> collection:*). The HTTP paths keep the spec's /api/list/policy. Idempotent: a fresh database
-- (0000 just made "policies") and one made by an earlier version come out alike; a database renamed
-- already finds nothing to do.
DO $$
DECLARE
	has_rows boolean;
BEGIN
	IF to_regclass('policies') IS NOT NULL AND to_regclass('collections') IS NULL THEN
		ALTER TABLE "policies" RENAME TO "collections";
	ELSIF to_regclass('policies') IS NOT NULL THEN
		-- An empty "policies" beside "collections": 0000 applied again after this migration (under a journal
		-- of another name). It holds nothing; the rows live in "collections". One with rows is left alone.
		EXECUTE 'SELECT EXISTS (SELECT 1 FROM "policies")' INTO has_rows;
		IF NOT has_rows THEN
			DROP TABLE "policies";
		END IF;
	END IF;
END $$;
--> statement-breakpoint
-- The table's own objects named after the old name: policies_<rest> -> collections_<rest>.
DO $$
DECLARE
	r record;
BEGIN
	IF to_regclass('collections') IS NULL THEN
		RETURN;
	END IF;
	-- the identity sequence of "id"
	FOR r IN SELECT n.nspname AS schema, s.relname AS name FROM pg_depend d
		JOIN pg_class s ON s.oid = d.objid JOIN pg_namespace n ON n.oid = s.relnamespace
		WHERE d.classid = 'pg_class'::regclass AND d.refobjid = 'collections'::regclass AND s.relkind = 'S' AND s.relname LIKE 'policies\_%'
	LOOP
		EXECUTE format('ALTER SEQUENCE %I.%I RENAME TO %I', r.schema, r.name, 'collections' || substr(r.name, 9));
	END LOOP;
	-- constraints (the primary key, its index with it)
	FOR r IN SELECT conname AS name FROM pg_constraint WHERE conrelid = 'collections'::regclass AND conname LIKE 'policies\_%'
	LOOP
		EXECUTE format('ALTER TABLE "collections" RENAME CONSTRAINT %I TO %I', r.name, 'collections' || substr(r.name, 9));
	END LOOP;
	-- the other indexes
	FOR r IN SELECT n.nspname AS schema, i.relname AS name FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
		WHERE x.indrelid = 'collections'::regclass AND i.relname LIKE 'policies\_%'
	LOOP
		EXECUTE format('ALTER INDEX %I.%I RENAME TO %I', r.schema, r.name, 'collections' || substr(r.name, 9));
	END LOOP;
	-- the list generation's trigger (db/list-generations.ts: <table>_list_generation)
	FOR r IN SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'collections'::regclass AND NOT tgisinternal AND tgname LIKE 'policies\_%'
	LOOP
		EXECUTE format('ALTER TRIGGER %I ON "collections" RENAME TO %I', r.name, 'collections' || substr(r.name, 9));
	END LOOP;
END $$;
--> statement-breakpoint
-- The list generation's counters: the trigger bumps those of its table's name, which the server reads
-- ("collections"); they keep counting from where "policies" left them.
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM list_generation_slots WHERE name = 'collections') THEN
		UPDATE list_generation_slots SET name = 'collections' WHERE name = 'policies';
	END IF;
	IF to_regclass('policies') IS NULL THEN
		DELETE FROM list_generation_slots WHERE name = 'policies';
	END IF;
END $$;
--> statement-breakpoint
SELECT atrium_watch_list('collections');
--> statement-breakpoint
-- Roles holding the old permission codes hold the new ones instead, in the same place (db/schema/auth.ts;
-- the built-in roles are written again from the catalogue after the migrations).
DO $$
BEGIN
	IF to_regclass('roles') IS NOT NULL THEN
		UPDATE "roles" SET "permissions" = ARRAY(
			SELECT c.code FROM (
				SELECT CASE u.p
					WHEN 'policy:read' THEN 'collection:read'
					WHEN 'policy:write' THEN 'collection:write'
					WHEN 'policy:import' THEN 'collection:import'
					WHEN 'policy:export' THEN 'collection:export'
					ELSE u.p END AS code, min(u.n) AS n
				FROM unnest("permissions") WITH ORDINALITY AS u(p, n) GROUP BY 1
			) AS c ORDER BY c.n)
		WHERE "permissions" && ARRAY['policy:read', 'policy:write', 'policy:import', 'policy:export']::text[];
	END IF;
END $$;
