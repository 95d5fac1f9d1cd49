-- Subscriptions cancelled and resumed, journey groups created, changed and deleted, and employees
-- imported or added by a list join the audit log (decision 0017's consequence: a new action widens the
-- check), with the two kinds of target they name. The employer's decisions on flagged trips (0016,
-- which runs before this one) stay in the lists.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('employee.approved', 'employee.rejected', 'employee.deactivated', 'employee.reactivated', 'employee.deleted', 'driver.verified', 'driver.rejected', 'vehicle.verified', 'admin.added', 'admin.removed', 'superAdmin.added', 'superAdmin.removed', 'company.created', 'company.updated', 'company.officeAdded', 'company.officeUpdated', 'company.officeRemoved', 'company.incentivesSaved', 'company.emissionSettingChanged', 'company.deactivated', 'company.reactivated', 'company.deleted', 'release.changed', 'password.resetRequested', 'password.reset', 'password.changed', 'subscription.cancelled', 'subscription.resumed', 'journeyGroup.created', 'journeyGroup.changed', 'journeyGroup.deleted', 'employees.imported', 'employees.added', 'trip.confirmed', 'trip.rejected'));--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_kind_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_kind_known" CHECK ("audit_log"."target_kind" in ('user', 'company', 'location', 'release', 'subscription', 'journeyGroup', 'trip'));
--> statement-breakpoint
-- A super admin verifying a driver is shown the other drivers holding the same licence number,
-- compared upper case without spaces or hyphens (the shared link's sign-up keeps it as typed).
CREATE INDEX "users_licence_key_idx" ON "users" USING btree (upper(regexp_replace("driving_license_number", '[[:space:]-]', '', 'g')));
