// The corpus tests never pass by skipping in CI: a missing corpus skips locally, with the
// reason, and fails under CI=true or CI=1. Checked on the lookup, and end to end on a test
// file run in its own Node process, as a CI job would run it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_OPTIONAL_ENV, isCi, lookUpCorpus } from './corpusLocation';
import YAML from 'yaml';
import { findRepoRoot, makeTempDir, removeDir } from './engineTestUtils';

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
    // A run that says it has no corpora (a fork's workflow) skips under CI too, and says why.
    const declared = lookUpCorpus('corpus-wide', { repoRoot, env: { CI: 'true', [CORPUS_OPTIONAL_ENV]: '1' } });
    assert.ok(!declared.found && !declared.mustFail && declared.reason.includes(`${CORPUS_OPTIONAL_ENV}=1`));
    const notDeclared = lookUpCorpus('corpus-wide', { repoRoot, env: { CI: 'true', [CORPUS_OPTIONAL_ENV]: 'yes' } });
    assert.ok(!notDeclared.found && notDeclared.mustFail, 'only 1 declares it');
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

test('lookUpCorpus: a required corpus fails when missing, locally too, unless SKILLSMITH_CORPUS_OPTIONAL=1', () => {
  const root = makeTempDir();
  try {
    const repoRoot = path.join(root, 'skillsmith');
    fs.mkdirSync(repoRoot);
    const required = { repoRoot, requiredUnlessOptional: true } as const;
    const locally = lookUpCorpus('corpus-scripts', { ...required, env: {} });
    assert.ok(!locally.found && locally.mustFail);
    assert.ok(!locally.found && /SKILLSMITH_CORPUS_OPTIONAL=1 to skip/.test(locally.reason));
    assert.ok(!locally.found && locally.reason.includes(path.join(root, 'shared', 'corpus-scripts')));
    for (const value of ['0', '', 'true', 'yes']) {
      const run = lookUpCorpus('corpus-scripts', { ...required, env: { SKILLSMITH_CORPUS_OPTIONAL: value } });
      assert.ok(!run.found && run.mustFail, value);
    }
    const optional = lookUpCorpus('corpus-scripts', { ...required, env: { SKILLSMITH_CORPUS_OPTIONAL: '1' } });
    assert.ok(!optional.found && !optional.mustFail);
    assert.ok(!optional.found && /skipped because SKILLSMITH_CORPUS_OPTIONAL=1/.test(optional.reason));
    fs.mkdirSync(path.join(root, 'shared', 'corpus-scripts'), { recursive: true });
    assert.deepEqual(lookUpCorpus('corpus-scripts', { ...required, env: {} }), {
      found: true,
      dir: path.join(root, 'shared', 'corpus-scripts'),
    });
  } finally {
    removeDir(root);
  }
});

/** Runs a test file that reads a missing corpus, in its own Node process, with CI set to `ci`. */
function runCorpusTestFile(ci: string | undefined, optional = false): { status: number | null; output: string } {
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
    if (optional) env[CORPUS_OPTIONAL_ENV] = '1';
    else delete env[CORPUS_OPTIONAL_ENV];
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

  // A fork's workflow: CI, no corpora, and the run says so: the test skips with that reason.
  const fork = runCorpusTestFile('true', true);
  assert.equal(fork.status, 0, fork.output);
  assert.match(
    fork.output,
    /ok \d+ - reads the corpus # SKIP corpus \.\.\/shared\/corpus not found at .*SKILLSMITH_CORPUS_OPTIONAL=1/,
  );
});

test("the workflow's Corpora step declares a fork's missing corpora, before the tests, and only then", (t) => {
  const workflow = YAML.parse(fs.readFileSync(path.join(findRepoRoot(), '.github', 'workflows', 'ci.yml'), 'utf8')) as {
    jobs: { unit: { steps: { name?: string; run?: string }[] } };
  };
  const steps = workflow.jobs.unit.steps;
  const corpora = steps.findIndex((step) => step.name === 'Corpora');
  assert.ok(corpora >= 0, 'the unit job has the Corpora step');
  assert.ok(corpora < steps.findIndex((step) => step.run === 'npm run test:unit'), 'before the unit tests');
  // Run the step as GitHub runs it (bash), with and without shared/ beside the checkout.
  if (spawnSync('bash', ['-c', 'true'], { timeout: 30_000 }).error)
    return t.skip('bash cannot be run here (Windows Node under Wine); every GitHub runner has it');
  const root = makeTempDir();
  try {
    const run = () => {
      const githubEnv = path.join(root, 'github-env');
      fs.writeFileSync(githubEnv, '');
      const result = spawnSync('bash', ['-e', '-c', steps[corpora].run ?? ''], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, GITHUB_WORKSPACE: root, GITHUB_ENV: githubEnv },
        timeout: 30_000,
      });
      assert.equal(result.status, 0, result.stderr);
      return { stdout: result.stdout, env: fs.readFileSync(githubEnv, 'utf8') };
    };
    const fork = run();
    assert.equal(fork.env, `${CORPUS_OPTIONAL_ENV}=1\n`);
    assert.match(fork.stdout, /^::warning::/m);
    fs.mkdirSync(path.join(root, 'shared'));
    assert.equal(run().env, '', 'with the corpora there, nothing is declared');
  } finally {
    removeDir(root);
  }
});
