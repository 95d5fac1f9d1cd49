-- A new company starts on a free trial; nothing is invoiced until an administrator accepts the plan
-- and chooses a payment method (docs/decisions/0033-trial-and-consent.md). A trial is a subscriptions
-- row with status 'Trial': no payment method and no paid period until it is accepted.
CREATE TABLE "scheme_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"trial_days" integer DEFAULT 30 NOT NULL,
	"support_email" text,
	"support_phone" text,
	"support_hours" text,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "scheme_settings_one_row" CHECK ("scheme_settings"."id"),
	CONSTRAINT "scheme_settings_trial_days_range" CHECK ("scheme_settings"."trial_days" between 0 and 365)
);
--> statement-breakpoint
INSERT INTO "scheme_settings" ("id") VALUES (true);
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_status_known";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "status" SET DEFAULT 'Trial';--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "payment_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "started_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "current_period_start" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "current_period_end" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_end_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "accepted_by" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Companies already invoiced stay subscribed, as accepted when their subscription began (before the
-- portal asked); a subscription never invoiced (none should exist: the first period was invoiced at
-- once) becomes a trial of the default length from today.
UPDATE "subscriptions" s SET "accepted_at" = s."started_at"
	WHERE EXISTS (SELECT 1 FROM "invoices" i WHERE i."subscription_id" = s."id");--> statement-breakpoint
UPDATE "subscriptions" s SET "status" = 'Trial', "payment_method" = NULL, "started_at" = NULL, "current_period_start" = NULL,
		"current_period_end" = NULL, "cancel_at_period_end" = false, "cancelled_at" = NULL,
		"trial_started_at" = now(), "trial_ends_at" = now() + make_interval(days => (SELECT "trial_days" FROM "scheme_settings"))
	WHERE s."accepted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_known" CHECK ("subscriptions"."status" in ('Trial', 'Active', 'Cancelled'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_trial_shape" CHECK ("subscriptions"."status" <> 'Trial' or ("subscriptions"."trial_started_at" is not null and "subscriptions"."trial_ends_at" >= "subscriptions"."trial_started_at" and "subscriptions"."accepted_at" is null and "subscriptions"."started_at" is null));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_accepted_shape" CHECK ("subscriptions"."status" = 'Trial' or ("subscriptions"."accepted_at" is not null and "subscriptions"."payment_method" is not null and "subscriptions"."started_at" is not null and "subscriptions"."current_period_start" is not null and "subscriptions"."current_period_end" is not null));--> statement-breakpoint
-- The invoice job's scan for trials that ended without a subscription and whose company was not told yet.
CREATE INDEX "subscriptions_trial_notice_idx" ON "subscriptions" USING btree ("trial_ends_at") WHERE "subscriptions"."status" = 'Trial' and "subscriptions"."trial_end_notified_at" is null;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected', 'subscription.started', 'scheme.settingsChanged'));--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_kind_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_kind_known" CHECK ("audit_log"."target_kind" in ('user', 'company', 'location', 'release', 'subscription', 'journeyGroup', 'trip', 'settings'));
