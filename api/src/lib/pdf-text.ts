import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The invoice's fonts and what they can draw (docs/decisions/0013-billing.md, "PDF"). DejaVu Sans
 * (the `dejavu-fonts-ttf` package; Bitstream Vera licence, DejaVu's changes public domain) covers
 * Latin with its extensions (Polish, Danish, Turkish, Vietnamese...), Greek and Cyrillic; pdfkit
 * embeds only the glyphs a document uses.
 */

export type InvoiceFont = 'regular' | 'bold';

const FILES: Record<InvoiceFont, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };

/** Drawn in place of a character the font does not have: visibly something is missing. */
export const REPLACEMENT = '\uFFFD';

interface Loaded {
  /**
   * Parsed once and handed to every document: pdfkit takes a fontkit font as it is, and a font
   * parsed afresh spends some 50 ms building its layout tables on the first line of each PDF.
   * Each document still makes its own subset.
   */
  font: Font;
}

/** The one question the api asks of fontkit (pdfkit's font engine, which ships no types). */
interface Font {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

const require = createRequire(import.meta.url);
const { create } = require('fontkit') as { create(bytes: Buffer): Font };
const loaded = new Map<InvoiceFont, Loaded>();

/** The font's file, read once per process. */
export function invoiceFont(which: InvoiceFont): Loaded {
  let f = loaded.get(which);
  if (!f) {
    f = { font: create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${FILES[which]}`))) };
    loaded.set(which, f);
  }
  return f;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Joiners and variation selectors: drawn as nothing, so a font without them loses nothing visible. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const CONTROL = /\p{Cc}/u;

/**
 * The text as the font can draw it: composed (NFC, so "Nguyễn" typed with combining marks is the
 * font's one glyph per letter), line breaks and tabs as spaces, and each user-perceived character
 * (an emoji with its skin tone, a letter with its marks) that the font lacks as one REPLACEMENT.
 * Never the font's empty .notdef box, which a reader cannot tell from a space and which copies out
 * as whatever the viewer guesses.
 */
export function drawable(text: string, which: InvoiceFont): string {
  const { font } = invoiceFont(which);
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (CONTROL.test(segment)) {
      out += ' ';
      continue;
    }
    let kept = '';
    let missing = false;
    for (const ch of segment) {
      if (font.hasGlyphForCodePoint(ch.codePointAt(0)!)) kept += ch;
      else if (!IGNORABLE.test(ch)) missing = true;
    }
    out += missing ? REPLACEMENT : kept;
  }
  return out;
}
