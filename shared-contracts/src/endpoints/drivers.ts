import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { driverHistoryEntrySchema, driverSchema, notificationSummarySchema, okSchema, pageOf, sameLicenceDriverSchema } from '../entities';
import { approveDriversBodySchema, approveVehiclesBodySchema, rejectDriverBodySchema, searchText } from '@portal/shared-contracts/forms';
import { idParams, searchQuery } from './shared';

/** Search on first name, last name, email and driving licence, case-insensitive. */
const driverSearch = lazySchema(() => z.optional(searchText(100)));

/**
 * The paged list (docs/decisions/0009-drivers.md): `status` pending (either flag false; rejected rows
 * included) or approved (both flags); `followUp=due` keeps drivers whose follow-up date has passed.
 */
const driverPageQuery = lazySchema(() => z.extend(searchQuery, {
  search: driverSearch,
  status: z.optional(z.enum(['all', 'pending', 'approved'])),
  followUp: z.optional(z.enum(['due'])),
}));

/** How many other drivers with the same licence a driver's details name (the total is said too). */
export const SAME_LICENCE_SHOWN = 20;

// drivers and vehicles (document 2): super admins only
export const drivers = lazyGroup(() => ({
  list: defineEndpoint({
    id: 'drivers.list',
    method: 'GET',
    path: '/api/drivers',
    summary: "Every driver (employee with a vehicle) in name order, as the spec's screen splits them client-side by the two flags; drivers.page pages and filters on the server",
    access: ['SuperAdmin'],
    query: z.object({ search: driverSearch }),
    response: z.array(driverSchema),
    tags: ['drivers'],
  }),
  page: defineEndpoint({
    id: 'drivers.page',
    method: 'GET',
    path: '/api/drivers/page',
    summary: 'One page of drivers in name order, filtered by status and due follow-ups and searched in SQL',
    access: ['SuperAdmin'],
    query: driverPageQuery,
    response: pageOf(driverSchema),
    tags: ['drivers'],
  }),
  get: defineEndpoint({
    id: 'drivers.get',
    method: 'GET',
    path: '/api/drivers/{id}',
    summary:
      'One driver with the verification history (newest first), and the other drivers of any company holding the same licence number (compared without case, spaces or hyphens)',
    access: ['SuperAdmin'],
    params: idParams,
    response: z.extend(okSchema, {
      driver: driverSchema,
      history: z.array(driverHistoryEntrySchema),
      /** At most `SAME_LICENCE_SHOWN`, in name order; `sameLicenceTotal` says how many there are. */
      sameLicence: z.array(sameLicenceDriverSchema),
      sameLicenceTotal: z.number().check(z.int()),
    }),
    tags: ['drivers'],
  }),
  approve: defineEndpoint({
    id: 'drivers.approve',
    method: 'POST',
    path: '/api/drivers/approve',
    summary: "Verify drivers (the driver's flag) with notes and a follow-up date; all or nothing; each driver is mailed",
    access: ['SuperAdmin'],
    body: approveDriversBodySchema,
    response: z.extend(okSchema, { count: z.number().check(z.int()) }),
    tags: ['drivers'],
  }),
  reject: defineEndpoint({
    id: 'drivers.reject',
    method: 'POST',
    path: '/api/drivers/reject',
    summary: "Reject a driver with notes: the driver's flag is cleared, the vehicle kept; the driver is mailed",
    access: ['SuperAdmin'],
    body: rejectDriverBodySchema,
    response: okSchema,
    errors: [404],
    tags: ['drivers'],
  }),
  approveVehicles: defineEndpoint({
    id: 'drivers.approveVehicles',
    method: 'POST',
    path: '/api/vehicles/approve',
    summary: 'Verify the vehicles of drivers with notes and a follow-up date (ISO); all or nothing; each driver is mailed',
    access: ['SuperAdmin'],
    body: approveVehiclesBodySchema,
    response: z.extend(okSchema, { count: z.number().check(z.int()) }),
    tags: ['drivers'],
  }),
  notifications: defineEndpoint({
    id: 'drivers.notifications',
    method: 'GET',
    path: '/api/notifications',
    summary: "The super admin's notification badge: pending drivers and vehicles, follow-ups due, new employers",
    access: ['SuperAdmin'],
    response: notificationSummarySchema,
    tags: ['drivers'],
  }),
} as const));
