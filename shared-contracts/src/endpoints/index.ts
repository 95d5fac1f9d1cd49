import type { AnyEndpoint } from './endpoint';
import { accounts } from '@portal/shared-contracts/endpoints/accounts';
import { audit } from './endpoints/audit';
import { billing } from './endpoints/billing';
import { drivers } from './endpoints/drivers';
import { employees } from './endpoints/employees';
import { employers } from './endpoints/employers';
import { health } from './endpoints/health';
import { insights } from './endpoints/insights';
import { journeyGroups } from './endpoints/journey-groups';
import { mail } from './endpoints/mail';
import { mobile } from './endpoints/mobile';
import { schemeSettings, support } from './endpoints/scheme';
import { sso } from './endpoints/sso';
import { releases, telemetry } from './endpoints/telemetry';
import { vehicles } from './endpoints/vehicles';

// One file per domain under endpoints/; this module is the table every client and the api read.
// A page that calls a few groups imports them by name (`@portal/shared-contracts/endpoints/accounts`)
// and does not load this table. The accounts group is a shared entry of its own (the shell's start-up
// calls it): it is named through the package so that this table reuses that one copy.
export * from '@portal/shared-contracts/endpoints/accounts';
export * from './endpoints/audit';
export * from './endpoints/billing';
export * from './endpoints/drivers';
export * from './endpoints/employees';
export * from './endpoints/employers';
export * from './endpoints/health';
export * from './endpoints/insights';
export * from './endpoints/journey-groups';
export * from './endpoints/mail';
export * from './endpoints/mobile';
export * from './endpoints/scheme';
export * from './endpoints/sso';
export * from './endpoints/telemetry';
export * from './endpoints/vehicles';
export { pageQuerySchema, queryInt, type PageQuery } from './endpoints/shared';

/** Every endpoint, for the api's router and the OpenAPI document. */
export const ENDPOINTS = { accounts, employers, employees, insights, journeyGroups, mobile, billing, drivers, vehicles, audit, mail, schemeSettings, support, telemetry, releases, health, sso } as const;

export function allEndpoints(): AnyEndpoint[] {
  return Object.values(ENDPOINTS).flatMap((group) => Object.values(group) as AnyEndpoint[]);
}
