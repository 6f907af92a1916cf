-- A resource's import (issue 41, docs/resources.md "Import"): the file a person uploaded, its columns and
-- first rows, the mapping and outcome of its last check, and where its job stands. The check and the write
-- run as a job on the replica that was asked; every replica reads the job's row (its progress, a cancel
-- asked through another). The file is kept until the import is written or cancelled, then dropped; the
-- sweep removes an import a week after its last change.
CREATE TABLE "resource_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"resource" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"file" bytea,
	"columns" jsonb NOT NULL,
	"suggested" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"rows" integer NOT NULL,
	"mapping" jsonb,
	"match_by" text,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors_capped" boolean DEFAULT false NOT NULL,
	"failure" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id")
);
--> statement-breakpoint
-- a person's latest import of a resource: one range of it, read backward
CREATE INDEX "resource_imports_user_idx" ON "resource_imports" ("user_id", "resource", "id");
--> statement-breakpoint
CREATE INDEX "resource_imports_updated_idx" ON "resource_imports" ("updated_at");
