-- People's data rights and retention (docs/decisions/0044-data-rights-and-retention.md): the anonymous
-- record of an erased employee is marked, an employee's erasure requests are kept until met, and the
-- new audit actions (export, erasure, request) join the list, which is
-- every action of the contract (AUDIT_ACTIONS).
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_unique" ON "erasure_requests" USING btree ("user_id") WHERE "erasure_requests"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "erasure_requests_company_idx" ON "erasure_requests" USING btree ("company_id","requested_at") WHERE "erasure_requests"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "erasure_requests_due_idx" ON "erasure_requests" USING btree ("due_at") WHERE "erasure_requests"."completed_at" is null;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected', 'subscription.started', 'scheme.settingsChanged', 'sso.providerSaved', 'sso.providerRemoved', 'sso.domainAdded', 'sso.domainVerified', 'sso.domainRemoved', 'scim.tokenCreated', 'scim.tokenRevoked', 'scim.userCreated', 'scim.userUpdated', 'scim.userDeactivated', 'scim.userReactivated', 'scim.userDeleted', 'employees.rosterReplaced', 'employee.officeChanged', 'employee.exported', 'employee.erased', 'employee.erasureRequested'));
