-- The card list's quality queues, services and rule presets (卡片列表).
-- The tables, their indexes and constraints as Atrium's core migrations created them up to 0008
-- (0000_init, 0005, 0006). Idempotent: a database made by those migrations holds every object already and
-- keeps it as it is; a fresh one gets the same. Applied after the core's migrations, with a journal of its
-- own (src/slice.ts, src/db/migrate.ts).
CREATE TABLE IF NOT EXISTS "quality_queues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_queues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" jsonb NOT NULL,
	"creator_name" text DEFAULT '' NOT NULL,
	"pending_inspection" integer DEFAULT 0 NOT NULL,
	"backlog" integer DEFAULT 0 NOT NULL,
	"pending_sampling" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"icon" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"expires" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rule_presets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_presets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"position" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quality_queues_created_idx" ON "quality_queues" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "services_position_idx" ON "services" USING btree ("position","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rule_presets_position_idx" ON "rule_presets" USING btree ("position","id");
