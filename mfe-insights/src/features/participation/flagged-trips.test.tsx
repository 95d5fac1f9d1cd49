import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, renderWithPlatform, sessionFixture, type Handler } from '@portal/testing';
import { ApiError, MESSAGES, type FlaggedTrip } from '@portal/shared-contracts';
import { formatDateTime } from '../../shared/format';
import { makeFlaggedTrip, makeRow } from '../../test/fixtures';
import { ParticipationTab } from './participation-tab';

const R = MESSAGES.insights.tripReview;
const LONG = makeFlaggedTrip();
const OVERLAP = makeFlaggedTrip({
  startedAt: '2026-07-13T07:40:00Z',
  distanceMiles: 6.5,
  driver: { id: null, name: R.deletedDriver },
  passengers: [
    { id: LONG.passengers[0]!.id, name: 'Grace Hopper' },
    { id: LONG.driver.id!, name: 'Alan Turing' },
  ],
  flags: [{ reason: 'personOverlap', people: ['Grace Hopper', 'Alan Turing'] }],
});
const WHEN_LONG = formatDateTime(LONG.startedAt);

function handlers(waiting: FlaggedTrip[], over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'insights.flaggedTrips': () => pageOf(waiting),
    'insights.participationAllTime': () => pageOf([makeRow()]),
    ...over,
  };
}

const review = () => screen.findByRole('table', { name: R.title });

describe('the flagged trips above the ranking', () => {
  it('lists each with when (UK time), driver, passengers, miles and why, and how many wait', async () => {
    renderWithPlatform(<ParticipationTab />, { handlers: handlers([OVERLAP, LONG]) });
    const table = await review();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...Object.values(R.columns)]);
    const [, overlap, long] = within(table).getAllByRole('row');
    // 08:05 UTC on a July Saturday is 09:05 in the UK.
    expect(WHEN_LONG).toMatch(/^Sat,? 11 Jul 2026,? 09:05$/);
    expect(long).toHaveTextContent(WHEN_LONG);
    expect(long).toHaveTextContent('Ada Lovelace');
    expect(long).toHaveTextContent('Grace Hopper');
    expect(long).toHaveTextContent('212.40');
    expect(long).toHaveTextContent(R.reasons.dayDistance('212.40', '120.00'));
    expect(overlap).toHaveTextContent(R.deletedDriver);
    expect(overlap).toHaveTextContent(R.reasons.personOverlap('Grace Hopper and Alan Turing'));
    expect(screen.getByText(R.waiting('2'))).toBeInTheDocument();
    expect(screen.getByText(R.intro)).toBeInTheDocument();
    // The ranking is still there, under it.
    expect(await screen.findByRole('table', { name: MESSAGES.labels.participationTitle })).toBeInTheDocument();
  });

  it('confirms a trip after asking, says so, and asks for every figure again', async () => {
    let waiting = [LONG];
    const { user, callsTo, toast } = renderWithPlatform(<ParticipationTab />, {
      handlers: handlers([], {
        'insights.flaggedTrips': () => pageOf(waiting),
        'insights.confirmTrip': () => {
          waiting = [];
          return { success: true, message: R.confirmed };
        },
      }),
    });
    const table = await review();
    await user.click(within(table).getByRole('button', { name: R.confirmTrip('Ada Lovelace', WHEN_LONG) }));
    const dialog = screen.getByRole('dialog', { name: R.confirmTitle });
    expect(dialog).toHaveTextContent(`${R.tripInBrief('Ada Lovelace', WHEN_LONG, '212.40')} ${R.confirmText}`);
    expect(callsTo('insights.confirmTrip')).toEqual([]);
    const rankingAsked = callsTo('insights.participationAllTime').length;
    await user.click(within(dialog).getByRole('button', { name: R.confirm }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(R.confirmed));
    expect(callsTo('insights.confirmTrip')).toEqual([{ params: { id: LONG.id } }]);
    expect(await screen.findByText(R.empty)).toBeInTheDocument();
    await waitFor(() => expect(callsTo('insights.participationAllTime').length).toBeGreaterThan(rankingAsked));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects a trip after asking, and can be cancelled', async () => {
    const { user, callsTo, toast } = renderWithPlatform(<ParticipationTab />, {
      handlers: handlers([LONG], { 'insights.rejectTrip': () => ({ success: true, message: R.rejected }) }),
    });
    const table = await review();
    const reject = within(table).getByRole('button', { name: R.rejectTrip('Ada Lovelace', WHEN_LONG) });
    await user.click(reject);
    await user.click(within(screen.getByRole('dialog', { name: R.rejectTitle })).getByRole('button', { name: MESSAGES.labels.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(reject);
    const dialog = screen.getByRole('dialog', { name: R.rejectTitle });
    expect(dialog).toHaveTextContent(R.rejectText);
    await user.click(within(dialog).getByRole('button', { name: R.reject }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(R.rejected));
    expect(callsTo('insights.rejectTrip')).toEqual([{ params: { id: LONG.id } }]);
    expect(callsTo('insights.confirmTrip')).toEqual([]);
  });

  it('tells the api’s refusal (a trip decided meanwhile) in a toast', async () => {
    const { user, toast } = renderWithPlatform(<ParticipationTab />, {
      handlers: handlers([LONG], {
        'insights.confirmTrip': () => {
          throw new ApiError(409, R.alreadyReviewed);
        },
      }),
    });
    await user.click(within(await review()).getByRole('button', { name: R.confirmTrip('Ada Lovelace', WHEN_LONG) }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: R.confirm }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(R.alreadyReviewed));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says so when nothing waits, and shows no count', async () => {
    renderWithPlatform(<ParticipationTab />, { handlers: handlers([]) });
    expect(await screen.findByText(R.empty)).toBeInTheDocument();
    expect(screen.queryByText(R.waiting('0'))).not.toBeInTheDocument();
  });

  it('shows its own failure with Retry, the ranking unaffected', async () => {
    let fail = true;
    const { user } = renderWithPlatform(<ParticipationTab />, {
      handlers: handlers([], {
        'insights.flaggedTrips': () => {
          if (fail) throw new ApiError(500, MESSAGES.common.internalError);
          return pageOf([LONG]);
        },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.common.internalError);
    expect(await screen.findByRole('table', { name: MESSAGES.labels.participationTitle })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }));
    expect(await review()).toHaveTextContent('Ada Lovelace');
  });

  it('lets a super admin read the company’s flagged trips, not decide them', async () => {
    const { callsTo } = renderWithPlatform(<ParticipationTab />, {
      session: { role: 'SuperAdmin', employerId: null },
      query: `companyId=${sessionFixture.employerId}`,
      handlers: handlers([LONG]),
    });
    const table = await review();
    expect(table).toHaveTextContent('Ada Lovelace');
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    expect(screen.getByText(`${R.intro} ${R.readOnly}`)).toBeInTheDocument();
    expect(callsTo('insights.flaggedTrips')).toEqual([{ query: { companyId: sessionFixture.employerId, pageNumber: 1, pageSize: 10 } }]);
  });
});
