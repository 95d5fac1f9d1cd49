import { INSIGHTS_MESSAGES } from '@portal/shared-contracts/messages/insights';

/** How every insights widget loads (shared-ui's LoadState): grey bars, then a failure inside its card. */
export const WIDGET_LOAD = { loadingLabel: INSIGHTS_MESSAGES.insights.loading, failedText: INSIGHTS_MESSAGES.insights.loadFailed, failure: 'widget' } as const;
