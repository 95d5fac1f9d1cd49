import { z } from 'zod/mini';
import '../zod-locale';
import { INPUT_MESSAGES } from '../messages/input';

// Text as people type it (docs/api.md, "Text"): the same checks in every form and in the api.
// Names, journey group names, feedback and search terms are trimmed and put in Unicode NFC, so "é"
// typed as one character and as "e" with a combining accent are one text, stored and compared
// alike. A required field made only of characters that show nothing is refused like an empty one,
// and names refuse the controls that change the direction of text.

/**
 * What shows nothing: white space (NBSP and the other Unicode spaces included), the default
 * ignorable code points (zero-width space, joiners, word joiner, BOM, soft hyphen, fillers,
 * variation selectors, the direction controls), control characters and the braille blank.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\u2800]/u;

/** Whether the text shows anything: one pass, a character at a time, stopping at the first visible one. */
export function hasVisibleText(s: string): boolean {
  for (const ch of s) if (!INVISIBLE.test(ch)) return true;
  return false;
}

/** Whether any character of the text shows nothing (a user name may hold none: it could pass for another). */
export const hasInvisibleCharacter = (s: string): boolean => INVISIBLE.test(s);

/**
 * Embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069) and marks (U+200E, U+200F,
 * U+061C): a name holding one can show as another text than it is ("Trojan Source").
 */
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
export const hasDirectionControl = (s: string): boolean => DIRECTION_CONTROL.test(s);

/**
 * Which rule a text field follows, for whoever reads the contract (the api's bad-input probes send
 * each field the inputs its rule refuses): `required` and `name` refuse invisible-only text, `name`
 * and `optionalName` direction controls; `search` is a search term.
 */
export type TextKind = 'required' | 'name' | 'optionalName' | 'search';
export const TEXT_KINDS = z.registry<{ text: TextKind }>();

/** Trimmed and in NFC: the form every text people type is stored, compared and searched in. */
export const typedText = (error?: string) => z.string(error ? { error } : undefined).check(z.trim(), z.normalize('NFC'));

export interface TextRule {
  /** Said when the field is empty, or holds nothing visible. */
  required: string;
  max: number;
  tooLong: string;
}

/** Within the length the field takes (an empty text has its own message): the characters are looked at only then. */
const sized = (max: number) => (s: string) => s.length > 0 && s.length <= max;

/**
 * A required text: empty or invisible-only answers `required`, over `max` answers `tooLong`
 * (measured in NFC). The characters are read only within the length, and one message is said. No
 * check aborts, so the checks of a whole form (passwords that differ) still run beside them.
 */
const visibleText = (o: TextRule) =>
  typedText(o.required).check(
    z.minLength(1, o.required),
    z.maxLength(o.max, o.tooLong),
    z.refine((s) => !sized(o.max)(s) || hasVisibleText(s), o.required),
  );
export const requiredText = (o: TextRule) => visibleText(o).register(TEXT_KINDS, { text: 'required' });

/** A name of a person, a company, an office or a group: a required text without direction controls. */
export const nameText = (o: TextRule) =>
  visibleText(o)
    .check(z.refine((s) => !sized(o.max)(s) || !hasVisibleText(s) || !hasDirectionControl(s), INPUT_MESSAGES.input.bidiControl))
    .register(TEXT_KINDS, { text: 'name' });

/** A name that may be left out: nothing visible reads as none (''), over `max` answers `tooLong`. */
export const optionalNameText = (o: Omit<TextRule, 'required'>) =>
  typedText().check(
    z.maxLength(o.max, o.tooLong),
    z.overwrite((s) => (s.length <= o.max && !hasVisibleText(s) ? '' : s)),
    z.refine((s) => !sized(o.max)(s) || !hasDirectionControl(s), INPUT_MESSAGES.input.bidiControl),
  ).register(TEXT_KINDS, { text: 'optionalName' });

/**
 * The key a name that must be unique is compared by (a journey group's in its company): trimmed,
 * NFC, then lower case by Unicode's own mapping, which is JavaScript's on every machine. The
 * database keeps this key in a column with the unique index on it and never computes it: its
 * `lower` follows the cluster's collation, and under C (or PGlite, which has no ICU) it lowers
 * ASCII letters only, so "CAFÉ" and "café" would be two names.
 */
export function nameKey(s: string): string {
  return s.trim().normalize('NFC').toLowerCase();
}

/**
 * A text as a search compares it: trimmed, NFC, lower case; '' when nothing in it shows. The api's
 * searches fold the same way (PostgreSQL's `lower` on the stored text); a list searched in the
 * browser calls it on both sides.
 */
export function searchFold(s: string): string {
  const t = s.trim().normalize('NFC');
  return hasVisibleText(t) ? t.toLowerCase() : '';
}

/** A search term: in NFC, as what it is compared with; nothing visible is no search (''). */
export const searchText = (max: number) =>
  typedText()
    .check(z.maxLength(max), z.overwrite((s) => (s.length <= max && !hasVisibleText(s) ? '' : s)))
    .register(TEXT_KINDS, { text: 'search' });
