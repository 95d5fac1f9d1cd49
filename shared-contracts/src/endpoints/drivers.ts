import { z } from 'zod';
import { LIMITS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { driverSchema, notificationSummarySchema, okSchema } from '../entities';
import { rejectDriverFormSchema } from '../forms';

// drivers and vehicles (document 2)
export const drivers = {
  list: defineEndpoint({
    id: 'drivers.list',
    method: 'GET',
    path: '/api/drivers',
    summary: 'All drivers (employees with a vehicle); split client-side by the two flags',
    access: ['SuperAdmin'],
    query: z.object({ search: z.string().trim().max(100).optional() }),
    response: z.array(driverSchema),
    tags: ['drivers'],
  }),
  approve: defineEndpoint({
    id: 'drivers.approve',
    method: 'POST',
    path: '/api/drivers/approve',
    summary: 'Verify drivers with notes and a follow-up date',
    access: ['SuperAdmin'],
    body: z.object({
      employeeIds: z.array(z.string().uuid()).min(1),
      notes: z.string().max(LIMITS.notesMax).optional().default(''),
      followUpDate: z.string().min(1),
    }),
    response: okSchema.extend({ count: z.number().int() }),
    tags: ['drivers'],
  }),
  reject: defineEndpoint({
    id: 'drivers.reject',
    method: 'POST',
    path: '/api/drivers/reject',
    summary: 'Reject a driver with notes',
    access: ['SuperAdmin'],
    body: rejectDriverFormSchema.extend({ employeeId: z.string().uuid() }),
    response: okSchema,
    tags: ['drivers'],
  }),
  approveVehicles: defineEndpoint({
    id: 'drivers.approveVehicles',
    method: 'POST',
    path: '/api/vehicles/approve',
    summary: 'Verify vehicles with notes and a follow-up date (ISO)',
    access: ['SuperAdmin'],
    body: z.object({
      employeeIds: z.array(z.string().uuid()).min(1),
      notes: z.string().max(LIMITS.notesMax),
      followUpDate: z.string().min(1),
    }),
    response: okSchema.extend({ count: z.number().int() }),
    tags: ['drivers'],
  }),
  notifications: defineEndpoint({
    id: 'drivers.notifications',
    method: 'GET',
    path: '/api/notifications',
    summary: "The super admin's notification badge: pending drivers, vehicles and new employers",
    access: ['SuperAdmin'],
    response: notificationSummarySchema,
    tags: ['drivers'],
  }),
} as const;
