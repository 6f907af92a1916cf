-- Collections are scoped records (issue 39, data-scope.md §4 and §6): each belongs to a department and has an
-- owner. A collection of an earlier version lands in the root (department 1, as every account of that
-- version did) and is owned by the first administrator: the collections never recorded who created them.
-- The demo's seed spreads its own collections over departments and owners after this.
ALTER TABLE "collections" ADD COLUMN IF NOT EXISTS "department_id" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN IF NOT EXISTS "owner_id" integer;
--> statement-breakpoint
-- The owner of the rows already there: the first active account holding the built-in admin role, else the
-- first account. Collections are written by signed-in accounts only, so a database with rows has one; a
-- database with rows and no account at all is not one any version made, and stops here with a clear error.
DO $$
DECLARE
	first_admin integer;
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "collections" WHERE "owner_id" IS NULL) THEN
		RETURN;
	END IF;
	SELECT id INTO first_admin FROM "users" ORDER BY ('admin' = ANY("roles") AND "status" = 'active') DESC, id LIMIT 1;
	IF first_admin IS NULL THEN
		RAISE EXCEPTION 'collections have rows but there is no account to own them: create an administrator first';
	END IF;
	UPDATE "collections" SET "owner_id" = first_admin WHERE "owner_id" IS NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "owner_id" SET NOT NULL;
--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'collections'::regclass AND conname = 'collections_department_id_departments_id_fk') THEN
		ALTER TABLE "collections" ADD CONSTRAINT "collections_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "departments"("id");
	END IF;
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'collections'::regclass AND conname = 'collections_owner_id_users_id_fk') THEN
		ALTER TABLE "collections" ADD CONSTRAINT "collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id");
	END IF;
END $$;
--> statement-breakpoint
-- The list's order within a department and within an owner: a scoped first page (department = any(...), or
-- owner_id = me) and the department and owner filters read these in the list's order, and a department's
-- delete finds its records by the first.
CREATE INDEX IF NOT EXISTS "collections_department_created_idx" ON "collections" ("department_id", "created_time" DESC NULLS FIRST, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collections_owner_created_idx" ON "collections" ("owner_id", "created_time" DESC NULLS FIRST, "id");
