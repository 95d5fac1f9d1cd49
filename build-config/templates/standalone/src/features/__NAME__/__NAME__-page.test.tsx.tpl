import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import remote from '../../../remote.json' with { type: 'json' };
import { renderWithPlatform, sessionFixture } from '@portal/testing';
import { companyAnswer } from '../../test/fixtures';
import { __PASCAL__Page } from './__NAME__-page';

describe('__FEATURE__', () => {
  it('names the employer\'s company under the heading, asking for it once', async () => {
    const { callsTo } = renderWithPlatform(<__PASCAL__Page />, { handlers: { 'employers.get': () => companyAnswer('Greenway Logistics Ltd') } });
    expect(screen.getByRole('heading', { level: 1, name: remote.feature })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.newRemote.company('Greenway Logistics Ltd'))).toBeInTheDocument();
    expect(callsTo('employers.get')).toEqual([{ params: { id: sessionFixture.employerId } }]);
  });

  it('asks for no company for a super admin, who has none', () => {
    const { callsTo } = renderWithPlatform(<__PASCAL__Page />, { session: { role: 'SuperAdmin', employerId: null, employerUserId: null } });
    expect(screen.getByRole('heading', { level: 1, name: remote.feature })).toBeInTheDocument();
    expect(callsTo('employers.get')).toEqual([]);
  });

  it('says the company could not be loaded, with Retry', async () => {
    renderWithPlatform(<__PASCAL__Page />, {
      handlers: {
        'employers.get': () => {
          throw new ApiError(500, 'Something went wrong on our side.');
        },
      },
    });
    expect(await screen.findByText(MESSAGES.newRemote.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
