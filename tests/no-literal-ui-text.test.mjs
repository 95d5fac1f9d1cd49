// The words a person reads come from a module of texts, not from literals in components
// (eslint-rules/no-literal-ui-text.mjs). Proved to fail on probes that break it, in a remote, the
// shell and shared-ui, and to leave alone what is not words on a screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule's findings, as "line:column text", for a component's code at a path of the repository. */
async function findings(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'portal/no-literal-ui-text').map((m) => m.message);
}

const component = (body) => `import { MESSAGES } from '@portal/shared-contracts/messages';\nexport function Probe({ n }: { n: number }) {\n  return (${body});\n}\n`;

test('words written in a component are found: text, a literal child, a read attribute', async () => {
  const cases = [
    ['<p>Your account is set up</p>', 'Your account is set up'],
    ["<p>{'Saved'}</p>", 'Saved'],
    ['<p>{`Step ${n} of 3`}</p>', 'Step of 3'],
    ['<input aria-label="Search employees" />', 'aria-label'],
    ['<input placeholder="example.com" />', 'placeholder'],
    ['<img alt="Company logo" src="x.png" />', 'alt'],
    ["<p title={n > 1 ? 'Many' : 'One'} />", 'title'],
    ['<List searchLabel="Search users" />', 'searchLabel'],
    ["<List emptyText={n ? MESSAGES.common.unknownError : 'No rows yet.'} />", 'emptyText'],
  ];
  for (const [body, expected] of cases) {
    for (const file of ['mfe-employees/src/features/probe.tsx', 'shell/src/probe.tsx', 'shared-ui/src/components/probe.tsx']) {
      const found = await findings(file, component(body));
      assert.equal(found.length, 1, `${file}: ${body} -> ${JSON.stringify(found)}`);
      assert.match(found[0], new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), body);
    }
  }
});

test('texts from a module, punctuation and what nobody reads pass', async () => {
  const bodies = [
    '<p>{MESSAGES.common.unknownError}</p>',
    "<p>{n} · {n}{' '}</p>",
    '<p>#{n}</p>',
    '<input aria-label={MESSAGES.common.unknownError} className="wide" type="text" />',
    '<svg viewBox="0 0 10 10"><path d="M1 1L9 9" /></svg>',
    '<input autoComplete="organization" name="domain" />',
  ];
  for (const body of bodies) assert.deepEqual(await findings('mfe-onboarding/src/features/probe.tsx', component(body)), [], body);
});

test('tests and a dev harness may write their own words', async () => {
  const body = '<p>Your account is set up</p>';
  assert.deepEqual(await findings('mfe-employees/src/features/probe.test.tsx', component(body)), []);
  assert.deepEqual(await findings('mfe-employees/src/dev/harness.tsx', component(body)), []);
  assert.deepEqual(await findings('shell/src/test/probe.tsx', component(body)), []);
});
