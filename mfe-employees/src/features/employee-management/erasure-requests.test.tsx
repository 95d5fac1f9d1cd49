import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { renderWithPlatform, uuid } from '@portal/testing';
import { ErasureRequests } from './erasure-requests';

const requests = () => ({
  success: true as const,
  message: 'ok',
  requests: [{ id: uuid(), employeeId: uuid(), name: 'Grace Hopper', email: 'grace@example.test', employeeNumber: null, requestedAt: '2026-07-01T09:00:00.000Z', dueAt: '2026-07-31T09:00:00.000Z' }],
});

describe('Erasure requests', () => {
  it('lists the company’s open requests for an admin of the whole company', async () => {
    renderWithPlatform(<ErasureRequests onOpen={() => {}} />, { handlers: { 'dataRights.erasureRequests': requests } });
    expect(await screen.findByRole('heading', { name: MESSAGES.dataRights.requestsHeading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('asks nothing for an admin limited to some offices: the call is closed to them (a 403)', async () => {
    const { callsTo } = renderWithPlatform(<ErasureRequests onOpen={() => {}} />, {
      session: { offices: [uuid()] },
      handlers: { 'dataRights.erasureRequests': requests },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo('dataRights.erasureRequests')).toEqual([]);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
