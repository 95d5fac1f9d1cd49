import type { AnyEndpoint } from '../endpoint';
import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import { audit } from './audit';
import { billing } from './billing';
import { dataRights } from './data-rights';
import { drivers } from './drivers';
import { employees } from './employees';
import { employers } from './employers';
import { health } from './health';
import { insights } from './insights';
import { journeyGroups } from './journey-groups';
import { mail } from './mail';
import { mobile } from './mobile';
import { monthlyReports } from './monthly-reports';
import { releaseFreezes } from './release-freezes';
import { releases } from './releases';
import { reports } from './reports';
import { schemeSettings, support } from './scheme';
import { sso } from './sso';
import { scim } from './scim';
import { telemetry } from './telemetry';
import { vehicles } from './vehicles';

// One file per domain under endpoints/; this module is the table every client and the api read.
// A page that calls a few groups imports them by name (`@portal/shared-contracts/endpoints/accounts`)
// and does not load this table. The accounts group is a shared entry of its own (the shell's start-up
// calls it): it is named through the package so that this table reuses that one copy.
export * from '@portal/shared-contracts/endpoints/accounts';
export * from './audit';
export * from './billing';
export * from './data-rights';
export * from './drivers';
export * from './employees';
export * from './employers';
export * from './health';
export * from './insights';
export * from './journey-groups';
export * from './mail';
export * from './mobile';
export * from './monthly-reports';
export * from './release-freezes';
export * from './releases';
export * from './reports';
export * from './scheme';
export * from './sso';
export * from './scim';
export * from './telemetry';
export * from './vehicles';
export { pageQuerySchema, queryInt, type PageQuery } from './shared';

/** Every endpoint, for the api's router and the OpenAPI document. */
export const ENDPOINTS = { accounts, employers, employees, insights, journeyGroups, mobile, billing, drivers, vehicles, audit, mail, schemeSettings, support, telemetry, releases, releaseFreezes, health, sso, scim, reports, dataRights, monthlyReports } as const;

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(ENDPOINTS).flatMap((group) => Object.values(group) as AnyEndpoint[]);
}
