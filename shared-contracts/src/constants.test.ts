import { describe, expect, it } from 'vitest';
import { isSignUpState, LIMITS, paymentStatusKind, pickerMonthToApi, SIGN_UP_STATES, TIMINGS } from './constants';

describe('business constants (section 9)', () => {
  it('holds the spec limits and timings', () => {
    expect(LIMITS.pageSize).toBe(10);
    expect(LIMITS.pendingFetchPageSize).toBe(100);
    expect(LIMITS.csvMaxBytes).toBe(2 * 1024 * 1024);
    expect(LIMITS.feedbackPreviewChars).toBe(100);
    expect(LIMITS.changePassword).toEqual({ newMin: 8, newMax: 100, currentMax: 100 });
    expect(LIMITS.adminPasswordMin).toBe(6);
    expect(LIMITS.resetPasswordMax).toBe(20);
    expect(TIMINGS).toEqual({ carouselMs: 10_000, redirectMs: 2_000, copiedMs: 1_000, toastMs: 3_000 });
  });
  it('knows the sign-up states 0..3', () => {
    expect(SIGN_UP_STATES).toEqual([0, 1, 2, 3]);
    expect(isSignUpState(3)).toBe(true);
    expect(isSignUpState(4)).toBe(false);
    expect(isSignUpState('1')).toBe(false);
  });
  it('reads a payment status as paid, processing or not paid', () => {
    expect(paymentStatusKind('Paid')).toBe('paid');
    expect(paymentStatusKind('processing')).toBe('processing');
    expect(paymentStatusKind('Failed')).toBe('notPaid');
    expect(paymentStatusKind(undefined)).toBe('notPaid');
  });
  it('sends the picker month + 1', () => {
    expect(pickerMonthToApi(0)).toBe(1);
    expect(pickerMonthToApi(11)).toBe(12);
  });
});
