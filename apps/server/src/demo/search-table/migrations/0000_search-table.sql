-- The search table's collections (查询表格).
-- The tables, their indexes and constraints as Atrium's core migrations created them up to 0008
-- (0000_init, 0005, 0006). Idempotent: a database made by those migrations holds every object already and
-- keeps it as it is; a fresh one gets the same. Applied after the core's migrations, with a journal of its
-- own (src/slice.ts, src/db/migrate.ts).
CREATE TABLE IF NOT EXISTS "policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" varchar(8) NOT NULL,
	"name" varchar(50) NOT NULL,
	"content_type" text NOT NULL,
	"filter_type" text NOT NULL,
	"count" integer NOT NULL,
	"status" text NOT NULL,
	"created_time" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name_en" varchar(50)
);
--> statement-breakpoint
-- A database made before 0005 (the collections' English names): the column it added.
ALTER TABLE "policies" ADD COLUMN IF NOT EXISTS "name_en" varchar(50);
--> statement-breakpoint
-- A database seeded by an earlier version: its untouched demo collections get their English names.
UPDATE "policies" AS p SET "name_en" = s.en FROM (VALUES
  ('美食精选 01', 'Food Picks 01'),
  ('旅行精选 02', 'Travel Picks 02'),
  ('科技精选 03', 'Tech Picks 03'),
  ('体育精选 04', 'Sports Picks 04'),
  ('音乐精选 05', 'Music Picks 05'),
  ('电影精选 06', 'Film Picks 06'),
  ('游戏精选 07', 'Games Picks 07'),
  ('时尚精选 08', 'Fashion Picks 08'),
  ('财经精选 09', 'Finance Picks 09'),
  ('教育精选 10', 'Education Picks 10'),
  ('汽车精选 11', 'Cars Picks 11'),
  ('美食合集 12', 'Food Collection 12'),
  ('旅行合集 13', 'Travel Collection 13'),
  ('科技合集 14', 'Tech Collection 14'),
  ('体育合集 15', 'Sports Collection 15'),
  ('音乐合集 16', 'Music Collection 16'),
  ('电影合集 17', 'Film Collection 17'),
  ('游戏合集 18', 'Games Collection 18'),
  ('时尚合集 19', 'Fashion Collection 19'),
  ('财经合集 20', 'Finance Collection 20'),
  ('教育合集 21', 'Education Collection 21'),
  ('汽车合集 22', 'Cars Collection 22'),
  ('美食推荐 23', 'Food Recommended 23'),
  ('旅行推荐 24', 'Travel Recommended 24'),
  ('科技推荐 25', 'Tech Recommended 25'),
  ('体育推荐 26', 'Sports Recommended 26'),
  ('音乐推荐 27', 'Music Recommended 27'),
  ('电影推荐 28', 'Film Recommended 28'),
  ('游戏推荐 29', 'Games Recommended 29'),
  ('时尚推荐 30', 'Fashion Recommended 30'),
  ('财经推荐 31', 'Finance Recommended 31'),
  ('教育推荐 32', 'Education Recommended 32'),
  ('汽车推荐 33', 'Cars Recommended 33'),
  ('美食热门 34', 'Food Trending 34'),
  ('旅行热门 35', 'Travel Trending 35'),
  ('科技热门 36', 'Tech Trending 36'),
  ('体育热门 37', 'Sports Trending 37'),
  ('音乐热门 38', 'Music Trending 38'),
  ('电影热门 39', 'Film Trending 39'),
  ('游戏热门 40', 'Games Trending 40'),
  ('时尚热门 41', 'Fashion Trending 41'),
  ('财经热门 42', 'Finance Trending 42'),
  ('教育热门 43', 'Education Trending 43'),
  ('汽车热门 44', 'Cars Trending 44'),
  ('美食日报 45', 'Food Daily 45'),
  ('旅行日报 46', 'Travel Daily 46'),
  ('科技日报 47', 'Tech Daily 47'),
  ('体育日报 48', 'Sports Daily 48'),
  ('音乐日报 49', 'Music Daily 49'),
  ('电影日报 50', 'Film Daily 50'),
  ('游戏日报 51', 'Games Daily 51'),
  ('时尚日报 52', 'Fashion Daily 52'),
  ('财经日报 53', 'Finance Daily 53'),
  ('教育日报 54', 'Education Daily 54'),
  ('汽车日报 55', 'Cars Daily 55')
) AS s(zh, en) WHERE p."name" = s.zh AND p."name_en" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "policies_number_uq" ON "policies" USING btree ("number");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_number_prefix_idx" ON "policies" USING btree ("number" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_lower_name_idx" ON "policies" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_created_idx" ON "policies" USING btree ("created_time" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_status_created_idx" ON "policies" USING btree ("status","created_time" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_content_type_created_idx" ON "policies" USING btree ("content_type","created_time" DESC NULLS FIRST,"id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_filter_type_created_idx" ON "policies" USING btree ("filter_type","created_time" DESC NULLS FIRST,"id");
--> statement-breakpoint
-- The collections' name filter (a substring of either name, any case) by trigram indexes: a filter reads
-- its matches instead of walking the list's order until it has a page (decision 018). pg_trgm is
-- PostgreSQL's contrib (trusted: no superuser needed); PGlite loads it in db/pglite.ts. Two migrations
-- racing to create it (replicas starting, test schemas) both succeed.
DO $$ BEGIN
	CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_name_trgm_idx" ON "policies" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "policies_name_en_trgm_idx" ON "policies" USING gin (lower("name_en") public.gin_trgm_ops);
--> statement-breakpoint
-- A finer sample of the names: the planner's guess of how many rows a substring matches decides between
-- the trigram indexes and the list's order.
ALTER INDEX "policies_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "policies_name_en_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
-- Every write moves the table's list generation, so the list's cached pages stay exact (db/list-generations.ts).
SELECT atrium_watch_list('policies');
