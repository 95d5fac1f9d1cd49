import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderWithPlatform, uuid } from '@portal/testing';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { makeRow } from '../../test/fixtures';
import { ParticipationTab } from './participation-tab';

const I = MESSAGES.insights;
/** Nothing waits for review: these tests are about the ranking (flagged-trips.test.tsx has the review). */
const NONE_FLAGGED = { 'insights.flaggedTrips': () => pageOf([]) };

describe('ParticipationTab', () => {
  it('shows a skeleton while the ranking loads', () => {
    renderWithPlatform(<ParticipationTab />, { handlers: { ...NONE_FLAGGED, 'insights.participationAllTime': () => new Promise(() => {}) } });
    expect(screen.getAllByRole('status', { name: I.loading }).length).toBeGreaterThan(0);
  });

  it('lists the spec’s columns: account type from the data, Qualified or the in-progress icon', async () => {
    const { callsTo } = renderWithPlatform(<ParticipationTab />, {
      handlers: {
        ...NONE_FLAGGED,
        'insights.participationAllTime': () =>
          pageOf([
            makeRow({ position: 1, name: 'Ada Lovelace', department: 'Engineering', totalTrips: 1203, totalDistance: 15234.5, accountType: 'Driver', qualify: true }),
            makeRow({ position: 2, name: 'Grace Hopper', department: null, totalTrips: 19, totalDistance: 88, accountType: 'Passenger', qualify: false }),
          ]),
      },
    });
    const table = await screen.findByRole('table', { name: MESSAGES.labels.participationTitle });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...I.participationColumns]);
    const [, ada, grace] = within(table).getAllByRole('row');
    expect(ada).toHaveTextContent(/^1Ada LovelaceEngineering1,20315,234\.50DriverQualified$/);
    expect(grace).toHaveTextContent(/^2Grace HopperN\/A1988\.00Passenger$/);
    expect(within(grace!).getByRole('img', { name: I.inProgress })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(MESSAGES.labels.participationNote.replace('.', '\\.')))).toBeInTheDocument();
    expect(callsTo('insights.participationAllTime')).toEqual([{ query: { pageNumber: 1, pageSize: 10 } }]);
  });

  it('lays the ranking out once the review above it has its rows, so that it does not move down when they come', async () => {
    let release: (v: unknown) => void = () => {};
    const flagged = new Promise((r) => (release = r));
    renderWithPlatform(<ParticipationTab />, {
      handlers: { 'insights.flaggedTrips': () => flagged.then(() => pageOf([])), 'insights.participationAllTime': () => pageOf([makeRow({ name: 'Ada Lovelace' })]) },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('table', { name: MESSAGES.labels.participationTitle })).not.toBeInTheDocument();
    release(undefined);
    expect(await screen.findByRole('table', { name: MESSAGES.labels.participationTitle })).toBeVisible();
    expect(screen.getByText('Ada Lovelace')).toBeVisible();
  });

  it('says so when nobody has travelled yet', async () => {
    renderWithPlatform(<ParticipationTab />, { handlers: { ...NONE_FLAGGED, 'insights.participationAllTime': () => pageOf([]) } });
    expect(await screen.findByText(I.noTripsYet)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: I.participationPages })).not.toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    let fail = true;
    const { user } = renderWithPlatform(<ParticipationTab />, {
      handlers: {
        ...NONE_FLAGGED,
        'insights.participationAllTime': () => {
          if (fail) throw new ApiError(500, MESSAGES.common.internalError);
          return pageOf([makeRow()]);
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.common.internalError);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('pages 10 at a time and keeps its page in the address', async () => {
    const all = Array.from({ length: 23 }, (_, i) => makeRow({ id: uuid(), position: i + 1, name: `Employee ${i + 1}` }));
    const { user, callsTo, navigate } = renderWithPlatform(<ParticipationTab />, {
      pathname: '/employee-management',
      query: 'tab=participation',
      handlers: { ...NONE_FLAGGED, 'insights.participationAllTime': (input) => pageOf(all, Number((input?.query as { pageNumber: number }).pageNumber)) },
    });
    await screen.findByText('Employee 10');
    const pager = screen.getByRole('navigation', { name: I.participationPages });
    expect(pager).toHaveTextContent(MESSAGES.labels.pageXofY(1, 3));
    await user.click(within(pager).getByRole('button', { name: MESSAGES.labels.next }));
    expect(await screen.findByText('Employee 11')).toBeInTheDocument();
    expect(callsTo('insights.participationAllTime').at(-1)).toEqual({ query: { pageNumber: 2, pageSize: 10 } });
    expect(navigate).toHaveBeenLastCalledWith('/employee-management?tab=participation&participation.page=2', { replace: true });
  });

  it('asks a super admin for a company', () => {
    const { call } = renderWithPlatform(<ParticipationTab />, { session: { role: 'SuperAdmin', employerId: null } });
    expect(screen.getByText(I.companyRequired)).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
