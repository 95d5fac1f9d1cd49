import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression literal in this package's sources, run against strings built to make a
 * backtracking engine work hard: a short opening, one or two characters repeated, and a character
 * that spoils the match at the end. A pattern with nested or overlapping quantifiers takes seconds
 * on some of them (the old email pattern took 5 s on `a@` + 50 000 dots + `@`); a safe one takes well
 * under a millisecond on each.
 *
 * Every pattern meets every crafted string at 5 000 characters, where time that grows faster than
 * the input already shows; the strings each pattern was slowest on run again at 50 000 characters,
 * where each must finish within the budget.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const SCREEN_LENGTH = 5_000;
const LENGTH = 50_000;
const BUDGET_MS = 50;
/** How many of its slowest crafted strings each pattern meets again at full length. */
const RERUNS = 5;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

interface Found {
  where: string;
  regex: RegExp;
}

function literalsIn(file: string): Found[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const end = literal.lastIndexOf('/');
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ where: `${path.relative(SRC, file)}:${line} ${literal}`, regex: new RegExp(literal.slice(1, end), literal.slice(end + 1)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const FILES = sources(SRC);
const PATTERNS = FILES.flatMap(literalsIn);

/** Characters of every kind the patterns tell apart: letters, digits, separators, spaces, specials. */
const ALPHABET = ['a', 'Z', '0', '9', '.', '@', '-', '+', ':', ' ', '\t'];
const SPOILERS = ['!', '@', ' ', '\u0000'];

interface Crafted {
  opening: string;
  pump: string;
  spoiler: string;
}

function* craftedShapes(): Generator<Crafted> {
  const openings = ['', ...ALPHABET, ...ALPHABET.flatMap((a) => ALPHABET.map((b) => a + b))];
  const pumps = [...ALPHABET, ...ALPHABET.flatMap((a, i) => ALPHABET.slice(i + 1).map((b) => a + b))];
  for (const pump of pumps) for (const opening of openings) for (const spoiler of SPOILERS) yield { opening, pump, spoiler };
}

const build = ({ opening, pump, spoiler }: Crafted, length: number) =>
  opening + pump.repeat(Math.ceil(length / pump.length)).slice(0, length) + spoiler;

function timed(regex: RegExp, input: string): number {
  regex.lastIndex = 0;
  const started = performance.now();
  regex.test(input);
  return performance.now() - started;
}

describe('regular expressions in shared-contracts', () => {
  it('finds the patterns the forms and rules use, and builds none at run time', () => {
    expect(PATTERNS.length).toBeGreaterThan(20);
    for (const file of FILES) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\bRegExp\s*\(/);
  });

  it(`runs each pattern on crafted inputs of ${LENGTH} characters in under ${BUDGET_MS} ms`, () => {
    const slowest = PATTERNS.map(() => [] as { shape: Crafted; ms: number }[]);
    for (const shape of craftedShapes()) {
      const input = build(shape, SCREEN_LENGTH);
      PATTERNS.forEach(({ regex }, i) => {
        const ms = timed(regex, input);
        const list = slowest[i]!;
        if (list.length < RERUNS || ms > list[list.length - 1]!.ms) {
          list.push({ shape, ms });
          list.sort((a, b) => b.ms - a.ms);
          list.length = Math.min(list.length, RERUNS);
        }
      });
    }
    const slow: string[] = [];
    PATTERNS.forEach(({ where, regex }, i) => {
      for (const { shape } of slowest[i]!) {
        const ms = timed(regex, build(shape, LENGTH));
        if (ms >= BUDGET_MS) slow.push(`${where} took ${Math.round(ms)} ms on ${JSON.stringify(shape)}`);
      }
    });
    expect(slow).toEqual([]);
  }, 120_000);
});
