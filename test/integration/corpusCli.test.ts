// `skillsmith validate --json` over the shared corpus of real-world skills: every
// SKILL.md is reported, nothing crashes, and the real errors give exit code 1.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { corpusForTests } from '../unit/corpusLocation';
import { testPath as path } from '../unit/testPaths';
import { builtCli, findRepoRoot } from '../unit/engineTestUtils';

const REPO = findRepoRoot();
const CLI = path.join(REPO, 'dist', 'cli.js');
const { dir: CORPUS, skip: SKIP } = corpusForTests('corpus');

/**
 * Every SKILL.md below `dir`, by a plain recursive walk (no symlinks followed), outside any
 * scripts/, references/ or assets/ folder: a sample there is a file of a skill, not a skill
 * (docs/cli.md; the catalog's rule, written out again here).
 */
function plainWalk(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !RESOURCE_FOLDERS.has(entry.name)) found.push(...plainWalk(full));
    else if (entry.isFile() && entry.name === 'SKILL.md') found.push(full);
  }
  return found;
}
const RESOURCE_FOLDERS = new Set(['scripts', 'references', 'assets']);

before(() => {
  if (!SKIP) builtCli(REPO);
});

test('validate --json over the corpus reports every SKILL.md and exits 1', { skip: SKIP }, () => {
  const expected = plainWalk(CORPUS).sort();
  assert.ok(expected.length > 0, 'the corpus holds skills');
  const run = spawnSync(process.execPath, [CLI, 'validate', '--json', '../shared/corpus'], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  assert.equal(run.signal, null);
  assert.doesNotMatch(run.stderr, /unexpected failure/, run.stderr);
  assert.equal(run.status, 1, `exit code (stderr: ${run.stderr.slice(0, 500)})`);
  const out = JSON.parse(run.stdout);
  const reported = out.files.map((f: { path: string }) => path.normalize(f.path));
  assert.equal(new Set(reported).size, reported.length, 'each file once');
  assert.deepEqual(
    [...reported].sort(),
    expected,
    `one result per skill's SKILL.md (${expected.length} found by a plain walk)`,
  );
  assert.ok(out.errors > 0, 'the corpus has real errors');
  const all = out.files.flatMap((f: { problems: { severity: string }[] }) => f.problems);
  assert.equal(out.errors, all.filter((p: { severity: string }) => p.severity === 'error').length);
  assert.equal(out.warnings, all.filter((p: { severity: string }) => p.severity === 'warning').length);
  for (const file of out.files) {
    assert.ok(file.name === null || typeof file.name === 'string');
    for (const problem of file.problems)
      assert.ok(problem.line >= 1 && problem.column >= 1, `${file.path}: ${problem.code}`);
  }
});
