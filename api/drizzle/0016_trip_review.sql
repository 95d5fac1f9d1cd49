-- Trips that count only when they are real (docs/decisions/0030-trips-that-count.md). Every trip
-- recorded before stays counted. A flagged trip is kept out of every roll-up until the employer
-- confirms it (confirmed) or rejects it (rejected); the flags say why, with the figures of the moment.
ALTER TABLE "trips" ADD COLUMN "status" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_status_known" CHECK ("trips"."status" in ('counted', 'flagged', 'confirmed', 'rejected'));--> statement-breakpoint
-- A driver's trips near a moment: the overlap, the day's count and miles when a trip is recorded.
CREATE INDEX "trips_driver_started_idx" ON "trips" USING btree ("driver_id","started_at");--> statement-breakpoint
-- The employer's review list, newest first, a page at a time.
CREATE INDEX "trips_flagged_idx" ON "trips" USING btree ("company_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trips"."status" = 'flagged';--> statement-breakpoint
-- The employer's decisions on flagged trips are audited.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'trip.confirmed', 'trip.rejected'));--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_kind_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_kind_known" CHECK ("audit_log"."target_kind" in ('user', 'company', 'location', 'release', 'trip'));
