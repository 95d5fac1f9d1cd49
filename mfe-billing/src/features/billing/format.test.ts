import { describe, expect, it } from 'vitest';
import { formatDay, formatPence, paymentLabel, paymentTone, subscriptionState } from './format';

describe('billing formats', () => {
  it('shows pence as pounds in en-GB', () => {
    expect(formatPence(125_000)).toBe('£1,250.00');
    expect(formatPence(99)).toBe('£0.99');
    expect(formatPence(123_456_789)).toBe('£1,234,567.89');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('shows the day a moment falls on in the UK', () => {
    expect(formatDay('2026-11-23T10:00:00.000Z')).toBe('23/11/2026');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatDay('2026-06-30T23:30:00.000Z')).toBe('01/07/2026');
  });

  it('styles paid, processing, and anything else as not paid, labelled with the status capitalised', () => {
    expect(['paid', 'processing', 'failed', 'refunded', 'PAID'].map(paymentTone)).toEqual(['success', 'warning', 'danger', 'danger', 'success']);
    expect(['paid', 'processing', 'failed'].map(paymentLabel)).toEqual(['Paid', 'Processing', 'Failed']);
  });

  it('reads the subscription as running, ending with the paid period, or over', () => {
    expect(subscriptionState({ subscriptionStatus: 'Active', cancelAtPeriodEnd: false })).toBe('active');
    expect(subscriptionState({ subscriptionStatus: 'Active', cancelAtPeriodEnd: true })).toBe('ending');
    expect(subscriptionState({ subscriptionStatus: 'Cancelled', cancelAtPeriodEnd: true })).toBe('ended');
  });
});
