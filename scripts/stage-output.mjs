// What a stage of `npm test` printed (scripts/run.mjs): its last part kept, and the lines that say what
// failed, printed again beside the run's summary, where a reader of only the last lines finds them.

/** The last `limit` bytes a stage printed. */
export function keptOutput(limit = 4 * 1024 * 1024) {
  const chunks = [];
  let bytes = 0;
  return {
    add(chunk) {
      chunks.push(chunk);
      bytes += chunk.length;
      while (bytes > limit && chunks.length > 1) bytes -= chunks.shift().length;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

// What the test runners print for a failure: vitest's FAIL and × lines, Playwright's ✘ lines and its
// numbered failures, node:test's "not ok", and pnpm's failing script.
const FAILURE_LINE = /(^|\s)(FAIL\s|×\s|✘\s|not ok\s|\d+\) \[|ERR_PNPM_)/;
// The headers of a failure's report (vitest's FAIL, Playwright's numbered failure): the line after
// one, its error's first line, goes with it.
const REPORT_HEADER = /(^|\s)(FAIL\s|\d+\) \[)/;

/**
 * The lines of a failed stage's output that say what failed, at most `max`: printed again at the
 * end of the run, beside the summary, where a reader of only the run's last lines finds them.
 */
export function failureDigest(output, max = 40) {
  const lines = [];
  const seen = new Set();
  const keep = (line) => {
    if (lines.length < max && !seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  };
  // eslint-disable-next-line no-control-regex
  const all = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd());
  for (let i = 0; i < all.length && lines.length < max; i++) {
    const line = all[i];
    if (line.length === 0 || line.length > 400 || !FAILURE_LINE.test(line)) continue;
    keep(line);
    if (!REPORT_HEADER.test(line)) continue;
    const next = all.slice(i + 1, i + 4).find((l) => l.trim().length > 0 && l.length <= 400);
    if (next && !FAILURE_LINE.test(next)) keep(`    ${next.trim()}`);
  }
  return lines;
}
