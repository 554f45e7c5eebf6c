// core/base/problemHelp.ts: every problem code has one line of help and a link that lands on an
// anchor of its own in the page that documents it; SARIF's rule help comes from there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot } from './engineTestUtils';
import { PROBLEM_HELP, problemHelpUri } from '../../src/core/base/problemHelp';

const REPO = findRepoRoot();
const TIMEOUT = { timeout: 30_000 };

/** The codes of the ProblemCode union, read from its source: the help table must cover each. */
function declaredCodes(): string[] {
  const types = fs.readFileSync(path.join(REPO, 'src', 'core', 'base', 'types.ts'), 'utf8');
  const union = /export type ProblemCode =([^;]+);/.exec(types)?.[1] ?? '';
  return [...union.matchAll(/\|\s*'([a-z-]+)'/g)].map((m) => m[1]).sort();
}

test('every problem code has help, and nothing else has', TIMEOUT, () => {
  const codes = declaredCodes();
  assert.ok(codes.length > 50, `read ${codes.length} codes from types.ts`);
  assert.deepEqual(Object.keys(PROBLEM_HELP).sort(), codes);
});

test('each help is one sentence on one line, short enough for a list', TIMEOUT, () => {
  const bad = Object.entries(PROBLEM_HELP).filter(
    ([, h]) => h.summary.includes('\n') || h.summary.length > 120 || !/^[A-Z$a-z].*\.$/.test(h.summary),
  );
  assert.deepEqual(bad, []);
});

test("each link lands on the code's own anchor in the page it names", TIMEOUT, () => {
  const missing: string[] = [];
  for (const [code, help] of Object.entries(PROBLEM_HELP)) {
    const page = fs.readFileSync(path.join(REPO, 'docs', help.page), 'utf8');
    const anchors = page.split(`<a id="${code}"></a>`).length - 1;
    if (anchors !== 1) missing.push(`${code}: ${anchors} anchors in docs/${help.page}`);
  }
  assert.deepEqual(missing, []);
  assert.equal(
    problemHelpUri('secret-in-skill'),
    'https://github.com/skillsmith-dev/skillsmith/blob/main/docs/actions.md#secret-in-skill',
  );
});
