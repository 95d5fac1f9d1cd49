import { MESSAGES } from '@portal/shared-contracts/messages';

/** How every insights widget loads (shared-ui's LoadState): grey bars, then a failure inside its card. */
export const WIDGET_LOAD = { loadingLabel: MESSAGES.insights.loading, failedText: MESSAGES.insights.loadFailed, failure: 'widget' } as const;
