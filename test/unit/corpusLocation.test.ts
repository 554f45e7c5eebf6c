// The corpus tests never pass by skipping in CI: a missing corpus skips locally, with the
// reason, and fails under CI=true or CI=1. Checked on the lookup, and end to end on a test
// file run in its own Node process, as a CI job would run it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isCi, lookUpCorpus } from './corpusLocation';
import { makeTempDir, removeDir } from './engineTestUtils';

test('isCi: CI=true and CI=1 are CI runs; anything else is not', () => {
  for (const value of ['true', 'TRUE', '1', ' true ']) assert.equal(isCi({ CI: value }), true, value);
  for (const value of [undefined, '', 'false', '0', 'no']) assert.equal(isCi({ CI: value }), false, String(value));
});

test('lookUpCorpus: found beside the repository; missing skips locally and fails under CI', () => {
  const root = makeTempDir();
  try {
    const repoRoot = path.join(root, 'skillsmith');
    fs.mkdirSync(repoRoot);
    const missingLocally = lookUpCorpus('corpus-wide', { repoRoot, env: {} });
    assert.equal(missingLocally.found, false);
    assert.ok(!missingLocally.found && !missingLocally.mustFail);
    assert.ok(!missingLocally.found && missingLocally.reason.includes(path.join(root, 'shared', 'corpus-wide')));
    const missingInCi = lookUpCorpus('corpus-wide', { repoRoot, env: { CI: 'true' } });
    assert.ok(!missingInCi.found && missingInCi.mustFail);
    assert.ok(!missingInCi.found && /under CI \(CI=true\)/.test(missingInCi.reason));
    // A file where the folder should be is not a corpus either.
    fs.mkdirSync(path.join(root, 'shared'));
    fs.writeFileSync(path.join(root, 'shared', 'corpus'), '');
    assert.equal(lookUpCorpus('corpus', { repoRoot, env: {} }).found, false);
    fs.mkdirSync(path.join(root, 'shared', 'corpus-wide'));
    assert.deepEqual(lookUpCorpus('corpus-wide', { repoRoot, env: { CI: 'true' } }), {
      found: true,
      dir: path.join(root, 'shared', 'corpus-wide'),
    });
  } finally {
    removeDir(root);
  }
});

/** Runs a test file that reads a missing corpus, in its own Node process, with CI set to `ci`. */
function runCorpusTestFile(ci: string | undefined): { status: number | null; output: string } {
  const root = makeTempDir();
  try {
    const repoRoot = path.join(root, 'skillsmith');
    fs.mkdirSync(repoRoot);
    const file = path.join(root, 'corpus-user.test.js');
    const helper = path.join(__dirname, 'corpusLocation.js');
    fs.writeFileSync(
      file,
      [
        "const { test } = require('node:test');",
        `const { corpusForTests } = require(${JSON.stringify(helper)});`,
        `const corpus = corpusForTests('corpus', { repoRoot: ${JSON.stringify(repoRoot)} });`,
        "test('reads the corpus', { skip: corpus.skip }, () => {});",
      ].join('\n'),
    );
    // NODE_TEST_CONTEXT would make the child report to this runner instead of exiting with its result.
    const env: NodeJS.ProcessEnv = { ...process.env, CI: ci };
    delete env.NODE_TEST_CONTEXT;
    if (ci === undefined) delete env.CI;
    const run = spawnSync(process.execPath, ['--test-reporter=tap', file], { encoding: 'utf8', env, timeout: 60_000 });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    removeDir(root);
  }
}

test('a corpus test file without its corpus fails under CI with the reason, and skips locally', () => {
  const ci = runCorpusTestFile('true');
  assert.equal(ci.status, 1, ci.output);
  assert.match(ci.output, /not ok \d+ - corpus \.\.\/shared\/corpus is present \(required under CI\)/);
  assert.match(
    ci.output,
    /corpus \.\.\/shared\/corpus is missing \(looked for .*\): under CI \(CI=true\) the corpus tests must run/,
  );
  assert.equal(runCorpusTestFile('1').status, 1);

  const local = runCorpusTestFile(undefined);
  assert.equal(local.status, 0, local.output);
  assert.match(local.output, /ok \d+ - reads the corpus # SKIP corpus \.\.\/shared\/corpus not found at /);
  assert.doesNotMatch(local.output, /not ok/);
});
