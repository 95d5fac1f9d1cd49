-- Company single sign-on with OpenID Connect (docs/decisions/0035-single-sign-on.md).
-- One provider per company; the client secret is stored encrypted (AES-256-GCM under SECRETS_KEY).
CREATE TABLE "sso_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"passwords_allowed" boolean DEFAULT true NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A company claims a domain freely; it counts only once verified, and a verified domain belongs to one
-- company: the partial unique index, not a check in the code, makes a second verification fail.
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_lower_case" CHECK ("domain" = lower("domain"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_company_domain_unique" ON "sso_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_unique" ON "sso_domains" USING btree ("domain") WHERE "verified_at" is not null;--> statement-breakpoint
-- A user linked to a provider account: identified by (issuer, subject), never by email alone.
CREATE TABLE "sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_issuer_subject_unique" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");--> statement-breakpoint
-- One sign-in attempt: its state (hashed), nonce and PKCE verifier until the callback, then the
-- one-time code (hashed) the portal or the app exchanges for a session. Minutes long, single use.
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"client" text NOT NULL,
	"browser_hash" text,
	"app_redirect_uri" text,
	"app_code_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"called_back_at" timestamp with time zone,
	"code_hash" text,
	"user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"id_token_enc" text,
	"provider_sid" text,
	"exchanged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_logins_client_known" CHECK ("client" in ('web', 'mobile'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_state_hash_unique" ON "sso_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_code_hash_unique" ON "sso_logins" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
-- A session opened through a provider remembers it: RP-initiated logout needs the ID token as a
-- hint, and the provider's back-channel logout names the session by its sid.
ALTER TABLE "sessions" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_sid" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_id_token_enc" text;--> statement-breakpoint
CREATE INDEX "sessions_sso_sid_idx" ON "sessions" USING btree ("sso_issuer","sso_sid") WHERE "sso_sid" is not null;
--> statement-breakpoint
-- Changes to the provider and the domains join the audit log (decision 0017: a new action widens the
-- check). The list is every action of the contract (AUDIT_ACTIONS), trip.* of 0016 and 0018 and the trial's of 0019 included.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected', 'subscription.started', 'scheme.settingsChanged', 'sso.providerSaved', 'sso.providerRemoved', 'sso.domainAdded', 'sso.domainVerified', 'sso.domainRemoved'));
