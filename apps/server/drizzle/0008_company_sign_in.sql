-- Company sign-in (OpenID Connect). An account it makes has no password (the password and phone forms
-- refuse it like a wrong password) and is linked to its person by (issuer, subject) alone.
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "source" text DEFAULT 'local' NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_pk" PRIMARY KEY ("issuer", "subject"),
	CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "user_identities_user_id_idx" ON "user_identities" ("user_id");
--> statement-breakpoint
-- A sign-in on its way through the provider: any replica may get the callback. Single use, ten minutes,
-- bound to the browser that started it by the hash of its cookie.
CREATE TABLE "oidc_transactions" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oidc_transactions_expires_at_idx" ON "oidc_transactions" ("expires_at");
--> statement-breakpoint
-- The ticket the callback leaves in the sign-in page's fragment: single use, 60 seconds, redeemed only
-- with the cookie of the browser that started the sign-in.
CREATE TABLE "oidc_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"binding_hash" text NOT NULL,
	"redirect" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oidc_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "oidc_tickets_expires_at_idx" ON "oidc_tickets" ("expires_at");
