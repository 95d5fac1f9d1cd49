-- Monthly reports by mail (docs/decisions/0049-monthly-reports-by-mail.md).
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Europe/London' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE TABLE "monthly_report_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "monthly_report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"month" date NOT NULL,
	"mail_id" uuid,
	"unsubscribe_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "monthly_report_recipients" ADD CONSTRAINT "monthly_report_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_report_deliveries" ADD CONSTRAINT "monthly_report_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_report_deliveries" ADD CONSTRAINT "monthly_report_deliveries_recipient_id_monthly_report_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."monthly_report_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_report_deliveries" ADD CONSTRAINT "monthly_report_deliveries_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_report_recipients_company_email_unique" ON "monthly_report_recipients" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_report_deliveries_recipient_month_unique" ON "monthly_report_deliveries" USING btree ("recipient_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_report_deliveries_token_unique" ON "monthly_report_deliveries" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "monthly_report_deliveries_company_idx" ON "monthly_report_deliveries" USING btree ("company_id","month");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected', 'subscription.started', 'scheme.settingsChanged', 'sso.providerSaved', 'sso.providerRemoved', 'sso.domainAdded', 'sso.domainVerified', 'sso.domainRemoved', 'scim.tokenCreated', 'scim.tokenRevoked', 'scim.userCreated', 'scim.userUpdated', 'scim.userDeactivated', 'scim.userReactivated', 'scim.userDeleted', 'employees.rosterReplaced', 'employee.exported', 'employee.erased', 'employee.erasureRequested', 'employee.officeChanged', 'monthlyReport.recipientAdded', 'monthlyReport.recipientRemoved', 'monthlyReport.sent', 'monthlyReport.unsubscribed'));
