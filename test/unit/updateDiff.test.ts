// The line diff of an update's review (core/install/textDiff.ts): what goes, then what comes,
// with two lines of context, and `…` where unchanged lines are left out; and an update's diff
// (node/updateDiff.ts), what runs first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { normalizePath } from '../../src/core/base/paths';
import { lineDiff } from '../../src/core/install/textDiff';
import type { UpdatePlan } from '../../src/node/skillInstaller';
import { updateDiffMarkdown } from '../../src/node/updateDiff';
import { makeTempDir, removeDir, writeFile } from './engineTestUtils';

test('a changed line shows as - then +, with two lines of context', { timeout: 10_000 }, () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
  const after = ['a', 'b', 'c', 'D', 'e', 'f', 'g'].join('\n');
  assert.deepEqual(lineDiff(before, after), [' b', ' c', '-d', '+D', ' e', ' f', ' …']);
});

test('a new file is all +, a removed one all -', { timeout: 10_000 }, () => {
  assert.deepEqual(lineDiff('', 'x\ny'), ['+x', '+y']);
  assert.deepEqual(lineDiff('x\n', ''), ['-x', '-']);
  assert.deepEqual(lineDiff('x', 'x'), []);
});

test('the diff of an update shows actions.json first, then scripts, then the rest', { timeout: 10_000 }, () => {
  const tmp = makeTempDir('skillsmith-update-diff-');
  try {
    const location = path.join(tmp, 'skills');
    const upstreamDir = path.join(tmp, 'upstream', 'tool');
    const files = ['SKILL.md', 'README.md', 'helper.py', 'scripts/run.sh', 'actions.json'];
    for (const file of files) {
      writeFile(path.join(location, 'tool', file), `old ${file}\n`);
      writeFile(path.join(upstreamDir, file), `new ${file}\n`);
    }
    const none = { changed: [], added: [], missing: [] };
    const plan = {
      name: 'tool',
      upstreamDir: normalizePath(upstreamDir),
      upstream: { ...none, changed: files },
      local: none,
    } as unknown as UpdatePlan;
    const markdown = updateDiffMarkdown(normalizePath(location), plan);
    const headings = [...markdown.matchAll(/^#### (.+) \(changed\)$/gm)].map((m) => m[1]);
    assert.deepEqual(headings, ['actions.json', 'helper.py', 'scripts/run.sh', 'README.md', 'SKILL.md']);
    assert.match(markdown, /#### actions\.json \(changed\)\n\n```diff\n-old actions\.json\n\+new actions\.json\n/);
  } finally {
    removeDir(tmp);
  }
});
