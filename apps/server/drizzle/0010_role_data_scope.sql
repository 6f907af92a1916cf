-- A data scope on every role (issue 39, decision 033): which records its holders reach in every scoped
-- resource, its custom departments and its per-resource overrides. Every role of an earlier version, the
-- built-in admin and user included, reaches every record (`all`), so nothing changes until one is set.
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_data_scope_check" CHECK ("data_scope" IN ('all', 'department-tree', 'department', 'custom', 'own'));
--> statement-breakpoint
-- Per-resource overrides: {"collection": "own", "user": "department-tree"} (the keys are checked by the server
-- against the contracts' scoped resources, which change with the slices; the values here).
ALTER TABLE "roles" ADD COLUMN "scopes" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_scopes_check" CHECK (jsonb_typeof("scopes") = 'object');
--> statement-breakpoint
-- A custom scope's departments. Deleting the role or the department deletes its rows: a department is
-- deleted only when it has no child, no member and no record, so no scope reaches a record less for it.
-- Its writes move the roles' generation (db/list-generations.ts), so the gate's copy of the roles follows.
CREATE TABLE "role_departments" (
	"role_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "role_departments_role_id_department_id_pk" PRIMARY KEY ("role_id", "department_id"),
	CONSTRAINT "role_departments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE cascade,
	CONSTRAINT "role_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "role_departments_department_idx" ON "role_departments" ("department_id");
