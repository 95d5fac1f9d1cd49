import { z } from 'zod/mini';
import { builtOnce, lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { isoDateTime, pageOf } from '../entities';
import { BACK_OFFICE_MESSAGES } from '../messages/back-office';
import { INPUT_MESSAGES } from '../messages/input';
import { isoDay, searchText } from '@portal/shared-contracts/forms';
import { pageQuerySchema } from './shared';

/**
 * The audit log: every decision an administrator takes (approvals, rejections, deactivations,
 * deletions, verifications, admin and company changes, releases, passwords), written in the
 * transaction of the change it records.
 */
export const AUDIT_ACTIONS = [
  'employee.approved',
  'employee.rejected',
  'employee.deactivated',
  'employee.reactivated',
  'employee.deleted',
  'driver.verified',
  'driver.rejected',
  'vehicle.verified',
  'admin.added',
  'admin.removed',
  'superAdmin.added',
  'superAdmin.removed',
  'company.created',
  'company.updated',
  'company.officeAdded',
  'company.officeUpdated',
  'company.officeRemoved',
  'company.incentivesSaved',
  'company.emissionSettingChanged',
  'company.deactivated',
  'company.reactivated',
  'company.deleted',
  'release.changed',
  'password.resetRequested',
  'password.reset',
  'password.changed',
  'subscription.cancelled',
  'subscription.resumed',
  'journeyGroup.created',
  'journeyGroup.changed',
  'journeyGroup.deleted',
  'employees.imported',
  'employees.added',
  'trip.confirmed',
  'trip.rejected',
  'subscription.started',
  'scheme.settingsChanged',
  'sso.providerSaved',
  'sso.providerRemoved',
  'sso.domainAdded',
  'sso.domainVerified',
  'sso.domainRemoved',
  'scim.tokenCreated',
  'scim.tokenRevoked',
  'scim.userCreated',
  'scim.userUpdated',
  'scim.userDeactivated',
  'scim.userReactivated',
  'scim.userDeleted',
  'employees.rosterReplaced',
  'employee.exported',
  'employee.erased',
  'employee.erasureRequested',
  'employee.officeChanged',
  'monthlyReport.recipientAdded',
  'monthlyReport.recipientRemoved',
  'monthlyReport.sent',
  'monthlyReport.unsubscribed',
  'admin.officesChanged',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Actions whose entries never belong to a company, so no employer's log can hold one: super admins
 * added and removed, release changes, a company's deletion (its users go with it) and the scheme's
 * settings. The employer's filter does not offer them, and the api refuses them from an employer or admin.
 */
export const SUPER_ADMIN_AUDIT_ACTIONS = [
  'superAdmin.added',
  'superAdmin.removed',
  'release.changed',
  'company.deleted',
  'scheme.settingsChanged',
] as const satisfies readonly AuditAction[];

/** What an employer's or admin's log can hold: every action but the super admins' own. */
export const EMPLOYER_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter(
  (a) => !(SUPER_ADMIN_AUDIT_ACTIONS as readonly AuditAction[]).includes(a),
);

/** The actions a caller of this role may filter on (an employer's log holds no super-admin-only entry). */
export const auditActionsFor = (role: string | undefined): readonly AuditAction[] => (role === 'SuperAdmin' ? AUDIT_ACTIONS : EMPLOYER_AUDIT_ACTIONS);

export const AUDIT_TARGET_KINDS = ['user', 'company', 'location', 'release', 'subscription', 'journeyGroup', 'trip', 'settings'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export const auditEntrySchema = lazySchema(() => z.object({
  id: z.string(),
  createdAt: isoDateTime,
  /**
   * Who, as they were when they did it (null for the release tool). An employer or admin reading
   * its log sees a super admin as `MESSAGES.audit.schemeAdministrator`, without id or email.
   */
  actorUserId: z.nullable(z.string()),
  actorName: z.string(),
  actorEmail: z.nullable(z.string()),
  actorRole: z.nullable(z.string()),
  action: z.enum(AUDIT_ACTIONS),
  summary: z.string(),
  companyId: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  targetKind: z.enum(AUDIT_TARGET_KINDS),
  targetId: z.nullable(z.string()),
  targetLabel: z.nullable(z.string()),
  reason: z.nullable(z.string()),
}));
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// A function, not a lazy schema: `isoDay` registers its answer (format, description), and a registry
// knows the instance itself, not a stand-in for it.
const day = builtOnce(() => isoDay(BACK_OFFICE_MESSAGES.audit.badDate, INPUT_MESSAGES.input.dateOutOfRange));

const filterFields = lazySchema(() => z.object({
  companyId: z.optional(z.string().check(z.uuid(BACK_OFFICE_MESSAGES.audit.badCompany))),
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: BACK_OFFICE_MESSAGES.audit.badAction })),
  /** Part of the actor's name or email, any case. */
  actor: z.optional(searchText(100)),
  /** Inclusive days (UTC), `YYYY-MM-DD`. */
  from: z.optional(day()),
  to: z.optional(day()),
}));
const inOrder = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;

/** The filters of the list and of the export. An employer's company is the session's, whatever `companyId` says. */
export const auditFilterSchema = lazySchema(() => filterFields.check(z.refine(inOrder, { message: BACK_OFFICE_MESSAGES.audit.badRange, path: ['to'] })));
export type AuditFilter = z.infer<typeof auditFilterSchema>;

const auditPageQuery = lazySchema(() => z.extend(filterFields, pageQuerySchema.shape).check(z.refine(inOrder, { message: BACK_OFFICE_MESSAGES.audit.badRange, path: ['to'] })));

const AUDIT_ROLES = ['SuperAdmin', 'Employer', 'Admin'] as const;

export const audit = lazyGroup(() => ({
  list: defineEndpoint({
    id: 'audit.list',
    method: 'GET',
    path: '/api/audit-log',
    summary: "One page of the audit log, newest first, filtered; a super admin sees every company's, an employer only its own",
    access: AUDIT_ROLES,
    query: auditPageQuery,
    response: pageOf(auditEntrySchema),
    tags: ['audit'],
  }),
  export: defineEndpoint({
    id: 'audit.export',
    method: 'GET',
    path: '/api/audit-log/export',
    summary: 'The filtered audit log as CSV, newest first (UTF-8 with BOM, RFC 4180, formula cells neutralised); scoped as the list',
    access: AUDIT_ROLES,
    query: auditFilterSchema,
    produces: 'text/csv',
    response: z.string(),
    tags: ['audit'],
  }),
} as const));
