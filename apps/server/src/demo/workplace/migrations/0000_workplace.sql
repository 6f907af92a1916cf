-- The workplace's statistics, popular content, chat and announcements (工作台).
-- The tables, their indexes and constraints as Atrium's core migrations created them up to 0008
-- (0000_init, 0005, 0006). Idempotent: a database made by those migrations holds every object already and
-- keeps it as it is; a fresh one gets the same. Applied after the core's migrations, with a journal of its
-- own (src/slice.ts, src/db/migrate.ts).
CREATE TABLE IF NOT EXISTS "content_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"content_count" integer NOT NULL,
	"new_comments" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "popular_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "popular_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"rank" integer NOT NULL,
	"title" jsonb NOT NULL,
	"click_number" integer NOT NULL,
	"increases" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"content" jsonb NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"is_collect" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "popular_items_type_rank_idx" ON "popular_items" USING btree ("type","rank");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_items_time_idx" ON "chat_items" USING btree ("time","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
