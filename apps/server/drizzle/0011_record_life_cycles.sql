-- Record life cycles (issue 40, docs/resources.md "Life cycles"): every transition of a record of any
-- resource with a life cycle, and the records now awaiting an approval. A resource's state is a column
-- of its own table (its migration writes it); these two tables are shared by every resource.
--
-- The history is append-only, like the audit trail: a row is written with its transition, in the same
-- transaction, and the database refuses an UPDATE, a DELETE or a TRUNCATE of it. A deleted record keeps
-- its history. The actor is an account (accounts are disabled, never deleted).
CREATE TABLE "record_transitions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"transition" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id")
);
--> statement-breakpoint
-- a record's history, newest first: one range of it
CREATE INDEX "record_transitions_record_idx" ON "record_transitions" ("resource", "record_id", "id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_record_transitions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'record_transitions is append-only (% refused)', tg_op USING errcode = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "record_transitions_append_only" BEFORE UPDATE OR DELETE ON "record_transitions" FOR EACH ROW EXECUTE FUNCTION atrium_record_transitions_append_only();
--> statement-breakpoint
CREATE TRIGGER "record_transitions_no_truncate" BEFORE TRUNCATE ON "record_transitions" FOR EACH STATEMENT EXECUTE FUNCTION atrium_record_transitions_append_only();
--> statement-breakpoint
-- One row per record in a state an approval transition leaves, written and removed with the transitions
-- (and the record's delete) in their transaction: who asked and when, and the record's department and
-- owner as the record has them (an update that moves the record moves them), so what awaits a caller is
-- read from this table alone, across resources, within the caller's data scope.
CREATE TABLE "awaiting_approvals" (
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"state" text NOT NULL,
	"department_id" integer,
	"owner_id" integer,
	"requested_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "awaiting_approvals_pk" PRIMARY KEY ("resource", "record_id")
);
--> statement-breakpoint
-- a role's approver: the records of a resource's awaiting state, newest request first
CREATE INDEX "awaiting_approvals_state_idx" ON "awaiting_approvals" ("resource", "state", "requested_at" DESC, "record_id" DESC);
--> statement-breakpoint
-- a department leader's (and a scope's): the records of a department, newest request first
CREATE INDEX "awaiting_approvals_department_idx" ON "awaiting_approvals" ("department_id", "requested_at" DESC, "record_id" DESC);
