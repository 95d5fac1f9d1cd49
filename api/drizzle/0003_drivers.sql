CREATE TABLE "driver_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"notes" text,
	"follow_up_at" timestamp with time zone,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_verification_events_kind_known" CHECK ("driver_verification_events"."kind" in ('driverVerified', 'vehicleVerified', 'rejected', 'vehicleRegistered', 'registrationChanged', 'licenceChanged', 'vehicleRemoved'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "driver_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_verification_events" ADD CONSTRAINT "driver_verification_events_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_verification_events" ADD CONSTRAINT "driver_verification_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_verification_events_driver_idx" ON "driver_verification_events" USING btree ("driver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "driver_verification_events_by_idx" ON "driver_verification_events" USING btree ("by_user_id");--> statement-breakpoint
CREATE INDEX "users_driving_license_trgm_idx" ON "users" USING gin (lower("driving_license_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_employee_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id") WHERE "users"."role" = 'Employee';--> statement-breakpoint
CREATE INDEX "users_driver_flags_idx" ON "users" USING btree ("id","is_driver_verified","driver_rejected_at","driver_follow_up_at") WHERE "users"."role" = 'Employee';--> statement-breakpoint
CREATE INDEX "vehicles_user_flags_idx" ON "vehicles" USING btree ("user_id","is_verified","follow_up_at");