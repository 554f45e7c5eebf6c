// Recall on the four classes of risk that real skills held and the rules missed (issue 25,
// point 2; docs/rules.md, "Recall"): remote code piped to a shell from a bundled reference,
// credentials read through password-manager and secret-store CLIs or from secret files, a skill
// that updates itself from the network unreviewed, and a recursive delete of a path the caller
// passes. Each case is one file of a skill, reviewed as `validate` reviews it; a case is found
// when the file gets the class's finding, and a negative case (a guarded delete) must not get
// it. The rules were tuned on the training set; each held-out set was written after they were
// frozen, and its `looks` counts the times its figure was looked at.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findRepoRoot, makeTempDir, removeDir, writeFile } from '../unit/engineTestUtils';
import { normalizePath } from '../../src/core/base/paths';
import type { ProblemCode } from '../../src/core/base/types';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';

interface RecallCase {
  readonly class: string;
  readonly file: string;
  readonly text: string;
  /** A case that must not get the finding (a guarded delete, the script's own temporary folder). */
  readonly negative?: boolean;
}

/** The rule each class must be found by. */
const CLASS_CODE: Readonly<Record<string, ProblemCode>> = {
  'remote-to-shell': 'download-exec',
  'credential-read': 'credential-access',
  'self-update': 'download-exec',
  'caller-delete': 'destructive-delete',
};

const tmp = makeTempDir('skillsmith-recall-');
after(() => removeDir(tmp));
const nodeFs = new NodeFileSystem();

function load(name: string): { cases: RecallCase[]; looks?: number } {
  return JSON.parse(fs.readFileSync(path.join(findRepoRoot(), 'test', 'data', name), 'utf8')) as {
    cases: RecallCase[];
    looks?: number;
  };
}

/** Whether the case's file gets its class's finding. */
async function found(set: string, index: number, c: RecallCase): Promise<boolean> {
  const dir = path.join(tmp, set, `case-${index}`);
  const body = c.file === 'SKILL.md' ? c.text : `Use the files of this skill: [${c.file}](${c.file}).\n`;
  writeFile(path.join(dir, 'SKILL.md'), `---\nname: case-${index}\ndescription: A case. Use when asked.\n---\n${body}`);
  if (c.file !== 'SKILL.md') writeFile(path.join(dir, c.file), c.text);
  const lint = await validateSkillFile(nodeFs, normalizePath(path.join(dir, 'SKILL.md')));
  const target = c.file === 'SKILL.md' ? lint.problems : lint.bundled.flatMap((b) => b.problems);
  return target.some((p) => p.code === CLASS_CODE[c.class]);
}

/**
 * The held-out figure, measured on the frozen rules. Look 1 stopped at the first class under 0.8
 * (caller-delete, 2/5); look 2 read every class, with the same rules, and is the figure here.
 * Its caller-delete cases (2/5) have since moved into the training set; that class is measured
 * on the second held-out set, below.
 */
const HELD_OUT_LOOKS = 2;
const HELD_OUT_MEASURED: Readonly<Record<string, string>> = {
  'credential-read': '7/7',
  'remote-to-shell': '5/6',
  'self-update': '4/5',
};

/**
 * Found / total per class; the negatives of a class, apart, as `CLASS (negatives)`: the ones that
 * got the finding (false alarms) / their total.
 */
async function recallPerClass(set: string, cases: readonly RecallCase[]): Promise<Record<string, string>> {
  const tally = new Map<string, { found: number; total: number }>();
  for (const [i, c] of cases.entries()) {
    assert.ok(c.class in CLASS_CODE, `unknown class ${c.class}`);
    const key = c.negative === true ? `${c.class} (negatives)` : c.class;
    const t = tally.get(key) ?? { found: 0, total: 0 };
    t.total++;
    if (await found(set, i, c)) t.found++;
    tally.set(key, t);
  }
  const shown = Object.fromEntries([...tally].sort().map(([cls, t]) => [cls, `${t.found}/${t.total}`]));
  console.log(`${set} recall: ${JSON.stringify(shown)}`);
  return shown;
}

test('training set: every case found, no negative (the rules were tuned on it)', { timeout: 60_000 }, async () => {
  assert.deepEqual(await recallPerClass('training', load('security-recall-training.json').cases), {
    'caller-delete': '93/93',
    'caller-delete (negatives)': '0/34',
    'credential-read': '10/10',
    'remote-to-shell': '8/8',
    'self-update': '6/6',
  });
});

test(
  'held-out set, written after the rules were frozen: found exactly as measured (docs/rules.md)',
  { timeout: 60_000 },
  async () => {
    const heldOut = load('security-recall-held-out.json');
    assert.equal(
      heldOut.looks,
      HELD_OUT_LOOKS,
      'each look at the held-out figure is recorded, here and in docs/rules.md',
    );
    assert.deepEqual(await recallPerClass('held-out', heldOut.cases), HELD_OUT_MEASURED);
  },
);

/**
 * The fifth held-out set (caller-delete only), written by someone who had read neither the rule
 * nor the training cases, after the extended data-flow rule was frozen, and committed before it
 * was run; measured once (its `looks`), and this is that figure.
 */
const HELD_OUT_5_LOOKS = 1;
const HELD_OUT_5_MEASURED: Readonly<Record<string, string>> = {
  'caller-delete': '12/15',
  'caller-delete (negatives)': '0/5',
};

test(
  'held-out set 5 (caller-delete), written after the rule was frozen: found exactly as measured (docs/rules.md)',
  { timeout: 60_000 },
  async () => {
    const heldOut = load('security-recall-held-out-5.json');
    assert.equal(
      heldOut.looks,
      HELD_OUT_5_LOOKS,
      'each look at the held-out figure is recorded, here and in docs/rules.md',
    );
    assert.deepEqual(await recallPerClass('held-out-5', heldOut.cases), HELD_OUT_5_MEASURED);
  },
);
