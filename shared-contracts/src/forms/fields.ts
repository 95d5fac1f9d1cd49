import { z } from 'zod/mini';
import '../zod-locale';

// The field helpers the forms share (forms/login.ts and forms/index.ts).

/**
 * "A simple address pattern" (document 1, section 5): one `@` with text before it, and a domain
 * with a dot that has text on both sides; no whitespace anywhere. Checked by hand rather than by a
 * pattern, in one pass, so a crafted address costs time in proportion to its length.
 */
export function isEmailAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  return domain.slice(1, -1).includes('.');
}

export const trimmed = () => z.string().check(z.trim());

/**
 * An email field: the length is checked first and stops the checks when exceeded, so nothing
 * runs on an over-long input; then the address rule.
 */
export const emailField = (max: number, messages: { tooLong: string; invalid: string; required?: string }) => {
  const base = messages.required ? trimmed().check(z.minLength(1, messages.required)) : trimmed();
  return base.check(z.maxLength(max, { message: messages.tooLong, abort: true }), z.refine(isEmailAddress, messages.invalid));
};
