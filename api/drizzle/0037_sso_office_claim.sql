-- The ID token claim that names an employee's office at single sign-on, or null (docs/decisions/0054-office-from-the-identity-provider.md).
ALTER TABLE "sso_connections" ADD COLUMN "office_claim" text;
