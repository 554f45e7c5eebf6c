// The pre-commit hooks (.pre-commit-hooks.yaml, README "The CLI for CI") run as pre-commit runs
// them: each hook's `entry` from the hook repository, in the root of the repository being
// committed, with the staged files' paths (relative, as pre-commit passes them) appended unless
// `pass_filenames: false`. Then, with pre-commit itself (`pre-commit try-repo`): Debian's and
// Ubuntu's apt have it (`apt-get install pre-commit`): on Linux as root the test installs it when
// missing, and under CI on Linux its absence fails the test; elsewhere it skips with that reason.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import YAML from 'yaml';
import { builtCli, findRepoRoot, makeTempDir, removeDir, runCliWithoutGit, writeFile } from '../unit/engineTestUtils';
import { writeBrokenSkill, writeVsix, writeWarnedSkill } from './ciTestSupport';

interface Hook {
  id: string;
  entry: string;
  language: string;
  pass_filenames?: boolean;
}

const HOOK_REPO = findRepoRoot();
const hooks = YAML.parse(fs.readFileSync(path.join(HOOK_REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const hook = (id: string) => hooks.find((h) => h.id === id)!;

const NO_BASH = (() => {
  if (process.platform === 'win32')
    return 'the hooks are bash scripts; pre-commit on Windows runs them with Git Bash, not tested here';
  for (const tool of ['bash', 'unzip']) {
    const probe = spawnSync(tool, tool === 'bash' ? ['-c', 'true'] : ['-v'], { timeout: 30_000 });
    if (probe.error) return `${tool} cannot be run here`;
  }
  return false;
})();

let tmp: string;
let vsixBytes: Buffer;

before(() => {
  tmp = makeTempDir('skillsmith-pre-commit-');
  const vsix = path.join(tmp, 'skillsmith.vsix');
  writeVsix(vsix);
  vsixBytes = fs.readFileSync(vsix);
});
after(() => tmp && removeDir(tmp));

/** A repository being committed, with the .vsix at the hooks' default path. */
function repository(name: string, write: (repo: string) => void = () => undefined): string {
  const repo = path.join(tmp, name);
  writeFile(path.join(repo, 'tools', 'skillsmith.vsix'), vsixBytes);
  write(repo);
  return repo;
}

/** Runs a hook's entry as pre-commit does (language: script: the entry's first word is a file of the hook repository). */
function runHook(id: string, repo: string, files: readonly string[]) {
  const spec = hook(id);
  assert.equal(spec.language, 'script');
  const [script, ...args] = spec.entry.split(' ');
  const passed = spec.pass_filenames === false ? [] : files;
  return spawnSync(path.join(HOOK_REPO, script), [...args, ...passed], {
    cwd: repo,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: tmp, XDG_CACHE_HOME: path.join(tmp, 'cache') },
    timeout: 60_000,
  });
}

test('the hooks file declares validate (with the files) and verify (without)', { timeout: 10_000 }, () => {
  assert.deepEqual(
    hooks.map((h) => [h.id, h.entry, h.pass_filenames ?? true]),
    [
      ['skillsmith-validate', 'scripts/pre-commit-hook.sh validate', true],
      ['skillsmith-verify', 'scripts/pre-commit-hook.sh verify', false],
    ],
  );
});

test(
  'validate: a staged script validates its skill; files of no skill are left out',
  { timeout: 120_000, skip: NO_BASH },
  () => {
    const repo = repository('warned', (r) => {
      writeWarnedSkill(r);
      writeBrokenSkill(r);
      writeFile(path.join(r, 'README.md'), '# Notes\n');
    });
    const run = runHook('skillsmith-validate', repo, ['.agents/skills/fetcher/scripts/get.sh', 'README.md']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /tls-verification-off/);
    assert.doesNotMatch(run.stdout, /broken/, "only the staged files' skills");

    const broken = runHook('skillsmith-validate', repo, ['.agents/skills/broken/SKILL.md', 'README.md']);
    assert.equal(broken.status, 1, broken.stdout);
    assert.match(broken.stdout, /name-mismatch/);

    const none = runHook('skillsmith-validate', repo, ['README.md']);
    assert.deepEqual([none.status, none.stdout, none.stderr], [0, '', '']);
  },
);

test(
  'verify: an added skill edited since fails; no .vsix gets a clear error',
  { timeout: 120_000, skip: NO_BASH },
  () => {
    const source = path.join(tmp, 'source');
    writeFile(
      path.join(source, 'skills', 'note-taker', 'SKILL.md'),
      '---\nname: note-taker\ndescription: Takes meeting notes. Use when asked for notes.\n---\nWrite the notes.\n',
    );
    const repo = repository('added');
    const added = runCliWithoutGit(builtCli(), ['add', source, '--skill', 'note-taker', '--yes'], repo, tmp);
    assert.equal(added.status, 0, added.stderr);
    assert.equal(runHook('skillsmith-verify', repo, ['whatever.txt']).status, 0);
    fs.appendFileSync(path.join(repo, '.agents', 'skills', 'note-taker', 'SKILL.md'), 'A local change.\n');
    const modified = runHook('skillsmith-verify', repo, []);
    assert.equal(modified.status, 1, modified.stdout + modified.stderr);
    assert.match(modified.stdout, /note-taker/);

    fs.rmSync(path.join(repo, 'tools'), { recursive: true });
    const missing = runHook('skillsmith-verify', repo, []);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no \.vsix at 'tools\/skillsmith\.vsix'/);
  },
);

/** Whether pre-commit (and git) start here. */
function preCommitRuns(): boolean {
  const probe = spawnSync('pre-commit', ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const git = spawnSync('git', ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return probe.status === 0 && git.status === 0;
}

/**
 * Why pre-commit's own run cannot happen here, or false when it can. On Linux as root it is
 * installed from Debian's apt when missing, as the host and Windows provisioning install their
 * packages; under CI on Linux it must run.
 */
function noPreCommit(): string | false {
  if (NO_BASH) return NO_BASH;
  if (preCommitRuns()) return false;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.platform === 'linux' && isRoot) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'pre-commit']])
      spawnSync('apt-get', args, { env, stdio: 'ignore', timeout: 600_000 });
    if (preCommitRuns()) return false;
  }
  const reason = `pre-commit or git cannot be run here (apt-get install pre-commit)`;
  if (process.env.CI && process.platform === 'linux')
    throw new Error(`${reason}: under CI on Linux it must run, and it could not be installed`);
  return reason;
}

test('with pre-commit itself: try-repo runs both hooks on a commit of the repository', { timeout: 900_000 }, (t) => {
  const why = noPreCommit();
  if (why) return t.skip(why);
  const repo = repository('git-repo', writeWarnedSkill);
  const git = (...args: string[]) => {
    const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
  };
  git('init', '-q');
  git('add', '-A');
  const env = {
    PATH: process.env.PATH,
    HOME: tmp,
    XDG_CACHE_HOME: path.join(tmp, 'cache'),
    PRE_COMMIT_HOME: path.join(tmp, 'pre-commit-home'),
    GIT_CONFIG_NOSYSTEM: '1',
  };
  const run = (id: string) =>
    spawnSync('pre-commit', ['try-repo', HOOK_REPO, id, '--all-files', '--verbose'], {
      cwd: repo,
      encoding: 'utf8',
      env,
      timeout: 180_000,
    });
  const validate = run('skillsmith-validate');
  assert.equal(validate.status, 0, validate.stdout + validate.stderr);
  assert.match(validate.stdout, /skillsmith validate\.+Passed/);
  assert.match(validate.stdout, /tls-verification-off/);
  const verify = run('skillsmith-verify');
  assert.equal(verify.status, 0, verify.stdout + verify.stderr);
  assert.match(verify.stdout, /skillsmith verify\.+Passed/);

  writeBrokenSkill(repo);
  git('add', '-A');
  const failed = run('skillsmith-validate');
  assert.equal(failed.status, 1, failed.stdout);
  assert.match(failed.stdout, /skillsmith validate\.+Failed/);
  assert.match(failed.stdout, /name-mismatch/);
});
