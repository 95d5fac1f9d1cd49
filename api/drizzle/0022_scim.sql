-- SCIM 2.0 provisioning (docs/decisions/0039-scim-provisioning.md): a company's bearer tokens, kept
-- only as SHA-256 hashes; revoking one deletes its row, so every api instance refuses it at its next request.
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_token_hash_unique" ON "scim_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_company_name_unique" ON "scim_tokens" USING btree ("company_id",lower("name"));--> statement-breakpoint
-- The provider's own id of an employee, and when a provider deleted one: the row stays (its trips
-- keep the company's totals), deactivated, and SCIM answers 404 for it from then on.
ALTER TABLE "users" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_scim_external_id_idx" ON "users" USING btree ("company_id","scim_external_id") WHERE "scim_external_id" is not null;
--> statement-breakpoint
-- Token and provisioning changes join the audit log (decision 0017: a new action widens the check).
-- The list is every action of the contract (AUDIT_ACTIONS).
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected', 'subscription.started', 'scheme.settingsChanged', 'sso.providerSaved', 'sso.providerRemoved', 'sso.domainAdded', 'sso.domainVerified', 'sso.domainRemoved', 'scim.tokenCreated', 'scim.tokenRevoked', 'scim.userCreated', 'scim.userUpdated', 'scim.userDeactivated', 'scim.userReactivated', 'scim.userDeleted'));
