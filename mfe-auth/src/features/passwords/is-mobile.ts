/** The spec's mobile check: the reset link is often opened from the app on a phone. */
export function isMobileDevice(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}
