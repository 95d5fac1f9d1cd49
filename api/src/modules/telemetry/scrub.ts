import { TELEMETRY_LIMITS } from '@portal/shared-contracts';

/**
 * What an error message may keep: browsers put URLs, ids and whatever a developer interpolated into
 * them. Emails, tokens, ids, long numbers and URL query strings are replaced before anything is
 * stored, then the message is cut to `storedMessageChars`. Every pattern is linear (no nested
 * quantifiers) so a hostile message costs no more than its length.
 */
const RULES: ReadonlyArray<[RegExp, string]> = [
  // A URL keeps its origin and path, never its query or fragment.
  [/(\bhttps?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi, '$1'],
  [/[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/g, '[email]'],
  // JWTs and other dotted tokens.
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}(?:\.[A-Za-z0-9_-]*)?/g, '[token]'],
  [/\b(bearer|token|key|secret|password|session|auth)(\s*[:=]\s*|\s+)[^\s,;&"']+/gi, '$1$2[token]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]'],
  // Long runs of letters and digits mixed (hex digests, base64 tokens, API keys).
  [/\b(?=[A-Za-z0-9_-]{20,})(?=[A-Za-z_-]*[0-9])(?=[0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}/g, '[token]'],
  // Phone numbers, card numbers, employee numbers.
  [/\+?\d[\d ()-]{6,}\d/g, '[number]'],
];

export function scrubMessage(raw: string | undefined): string {
  if (!raw) return '';
  // eslint-disable-next-line no-control-regex
  let text = raw.slice(0, TELEMETRY_LIMITS.maxMessageChars).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > TELEMETRY_LIMITS.storedMessageChars ? `${text.slice(0, TELEMETRY_LIMITS.storedMessageChars - 1)}…` : text;
}
