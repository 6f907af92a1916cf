-- Two-step verification (TOTP). The flag the request gate reads beside every session stays on the
-- account (no join added to the gate); the secrets, the last step used and the recovery codes' hashes
-- live apart, read only by the verification itself.
ALTER TABLE "users" ADD COLUMN "mfa_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "require_mfa" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_mfa" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"last_step" bigint,
	"recovery_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
-- The ticket between a sign-in's first step and its second: single use, bound to the device, voided
-- after five wrong codes.
CREATE TABLE "mfa_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"fingerprint" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mfa_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "mfa_tickets_expires_at_idx" ON "mfa_tickets" ("expires_at");
