-- The parameters of the group form and the basic profile, and their change log (分组表单, 基础详情页).
-- The tables, their indexes and constraints as Atrium's core migrations created them up to 0008
-- (0000_init, 0005, 0006). Idempotent: a database made by those migrations holds every object already and
-- keeps it as it is; a fresh one gets the same. Applied after the core's migrations, with a journal of its
-- own (src/slice.ts, src/db/migrate.ts).
CREATE TABLE IF NOT EXISTS "profile_parameters" (
	"id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"current" jsonb NOT NULL,
	"original" jsonb,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "operation_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operation_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_number" text NOT NULL,
	"changes" jsonb NOT NULL,
	"status" smallint NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operation_logs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_created_idx" ON "operation_logs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "operation_logs_status_idx" ON "operation_logs" USING btree ("status");
