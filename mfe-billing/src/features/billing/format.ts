import { SUBSCRIPTION_ACTIVE, SUBSCRIPTION_TRIAL } from '@portal/shared-contracts/endpoints';
import type { Billing, TrialState } from '@portal/shared-contracts';
import type { BadgeTone } from '@portal/shared-ui/data-display';

// Money and dates as a reader in the UK writes them.
const LOCALE = 'en-GB';
// Made on first use: the trial notice in every employer page's header loads this module and shows
// neither (building a formatter costs a phone's main thread several milliseconds, a time zone's more).
let pounds: Intl.NumberFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

/** The api keeps money in whole pence: 125000 -> "£1,250.00". */
export const formatPence = (pence: number): string => (pounds ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'GBP' })).format(pence / 100);

/** An ISO date-time as the day it falls on in the UK: "01/12/2026". */
export const formatDay = (iso: string): string => (day ??= new Intl.DateTimeFormat(LOCALE, { timeZone: 'Europe/London' })).format(new Date(iso));

/** The spec's three payment styles: paid, processing, and anything else is not paid. */
export function paymentTone(status: string): BadgeTone {
  const s = status.toLowerCase();
  return s === 'paid' ? 'success' : s === 'processing' ? 'warning' : 'danger';
}

/** The status as stored, capitalised: "processing" -> "Processing". */
export function paymentLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Where the subscription stands: on its free trial, running, ending with the paid period, or over. */
export type SubscriptionState = 'trial' | 'active' | 'ending' | 'ended';

export function subscriptionState(billing: Pick<Billing, 'subscriptionStatus' | 'cancelAtPeriodEnd'>): SubscriptionState {
  if (billing.subscriptionStatus === SUBSCRIPTION_TRIAL) return 'trial';
  if (billing.subscriptionStatus !== SUBSCRIPTION_ACTIVE) return 'ended';
  return billing.cancelAtPeriodEnd ? 'ending' : 'active';
}

/** How a trial's state is shown: a running trial informs, an ended one warns, a restricted one alarms. */
export const TRIAL_TONE: Record<TrialState, BadgeTone> = { running: 'info', ended: 'warning', restricted: 'danger' };

/** "£499.00 per month": the fee as the plan's terms state it. */
export function feeText(billing: Pick<Billing, 'subscriptionFeePence' | 'billingInterval'>, per: Record<Billing['billingInterval'], string>): string {
  return `${formatPence(billing.subscriptionFeePence)} ${per[billing.billingInterval]}`;
}

/** `2000` basis points -> "20%". */
export const formatRate = (rateBp: number): string => `${rateBp / 100}%`;
