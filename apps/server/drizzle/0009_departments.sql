-- Departments (issue 39): a tree with one root, every account in one department. Each row keeps its
-- materialised path (the ids from the root down to it, "/1/7/12/") and its depth (the root is 1, at most
-- 10), so a department's subtree is one range of an index (the paths from "/1/7/" up to "/1/70"), never a
-- recursive query (decision 031). The path compares byte by byte (collation "C") whatever the database's
-- collation, so that range, and a `like '/1/7/%'`, read the plain btree index on PostgreSQL and PGlite alike.
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"name_en" text,
	"code" text,
	"leader_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"path" text COLLATE "C" NOT NULL,
	"depth" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "departments_parent_id_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "departments"("id"),
	CONSTRAINT "departments_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "users"("id"),
	CONSTRAINT "departments_depth_check" CHECK ("depth" BETWEEN 1 AND 10),
	-- the root, made below, is the one department without a parent, and it is department 1
	CONSTRAINT "departments_root_check" CHECK (("parent_id" IS NULL) = ("id" = 1) AND ("parent_id" IS NULL) = ("depth" = 1)),
	CONSTRAINT "departments_status_check" CHECK ("status" IN ('active', 'disabled'))
);
--> statement-breakpoint
CREATE INDEX "departments_path_idx" ON "departments" ("path");
--> statement-breakpoint
-- Siblings' names are unique without regard to case, as usernames and role codes are.
CREATE UNIQUE INDEX "departments_sibling_name_uq" ON "departments" (coalesce("parent_id", 0), lower("name"));
--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_uq" ON "departments" (lower("code"));
--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" ("parent_id", "sort_order", "id");
--> statement-breakpoint
-- The root, in every database (production too). Named as the seeded records are (decision 015): the
-- Chinese name, and an English one for English readers until someone renames it.
INSERT INTO "departments" ("name", "name_en", "path", "depth") VALUES ('总部', 'Head office', '/1/', 1);
--> statement-breakpoint
-- Every account in one department: those of an earlier version, and any made without naming one (the
-- seed, the create-admin command, company sign-in), in the root.
ALTER TABLE "users" ADD COLUMN "department_id" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "departments"("id");
--> statement-breakpoint
CREATE INDEX "users_department_id_idx" ON "users" ("department_id");
