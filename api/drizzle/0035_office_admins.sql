-- Office administrators (docs/decisions/0051-office-administrators.md): an employer limits an admin to
-- some of the company's offices. The flag says the admin is limited; the rows say to which offices, so
-- an admin whose offices were all removed manages none rather than the whole company.
ALTER TABLE "users" ADD COLUMN "office_limited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_office_limited_admin" CHECK (not "users"."office_limited" or "users"."role" = 'Admin');--> statement-breakpoint
CREATE TABLE "admin_offices" (
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	CONSTRAINT "admin_offices_user_id_office_id_pk" PRIMARY KEY("user_id","office_id")
);--> statement-breakpoint
ALTER TABLE "admin_offices" ADD CONSTRAINT "admin_offices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The office names the company as well (the api writes the admin's own), so a limit holds only that company's offices;
-- removing an office takes it out of every limit.
ALTER TABLE "admin_offices" ADD CONSTRAINT "admin_offices_office_fk" FOREIGN KEY ("company_id","office_id") REFERENCES "locations"("company_id","id") ON DELETE CASCADE;--> statement-breakpoint
-- Setting an admin's offices is audited. The list is every action of the contract (AUDIT_ACTIONS).
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected', 'subscription.started', 'scheme.settingsChanged', 'sso.providerSaved', 'sso.providerRemoved', 'sso.domainAdded', 'sso.domainVerified', 'sso.domainRemoved', 'scim.tokenCreated', 'scim.tokenRevoked', 'scim.userCreated', 'scim.userUpdated', 'scim.userDeactivated', 'scim.userReactivated', 'scim.userDeleted', 'employees.rosterReplaced', 'employee.exported', 'employee.erased', 'employee.erasureRequested', 'employee.officeChanged', 'monthlyReport.recipientAdded', 'monthlyReport.recipientRemoved', 'monthlyReport.sent', 'monthlyReport.unsubscribed', 'admin.officesChanged'));
