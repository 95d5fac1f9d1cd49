import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { myDriverSchema, okSchema } from '../entities';
import { vehicleBodySchema } from '@portal/shared-contracts/forms';

/**
 * The mobile app's vehicle calls: an employee becomes a driver by registering a vehicle and a
 * driving licence, and waits for a super admin to verify both.
 */
export const vehicles = lazyGroup(() => ({
  mine: defineEndpoint({
    id: 'vehicles.mine',
    method: 'GET',
    path: '/api/me/vehicle',
    summary: "The caller's vehicle, licence and verification status (driver null when no vehicle is registered)",
    access: ['Employee'],
    response: z.extend(okSchema, { driver: z.nullable(myDriverSchema) }),
    tags: ['vehicles'],
  }),
  save: defineEndpoint({
    id: 'vehicles.save',
    method: 'PUT',
    path: '/api/me/vehicle',
    summary:
      'Register or change the caller\'s vehicle and licence (UK formats, stored normalised). A changed registration clears the vehicle\'s verification, a changed licence the driver\'s; either puts the driver back in the pending list',
    access: ['Employee'],
    body: vehicleBodySchema,
    response: z.extend(okSchema, { driver: myDriverSchema }),
    tags: ['vehicles'],
  }),
  remove: defineEndpoint({
    id: 'vehicles.remove',
    method: 'DELETE',
    path: '/api/me/vehicle',
    summary: 'Remove the caller\'s vehicle: they are no longer a driver (removing none is not an error)',
    access: ['Employee'],
    response: okSchema,
    tags: ['vehicles'],
  }),
} as const));
