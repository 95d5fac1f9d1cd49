CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"company_id" uuid,
	"company_name" text,
	"target_kind" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"reason" text,
	CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed')),
	CONSTRAINT "audit_log_target_kind_known" CHECK ("audit_log"."target_kind" in ('user', 'company', 'location', 'release'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_company_created_idx" ON "audit_log" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);