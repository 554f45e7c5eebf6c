// `skillsmith add`, `verify` and `update` from a plain local folder (not a Git work tree), so
// that they run where no git does: under Windows' Node in `npm run test:windows`, this is what
// proves the lock's paths, the staging renames and the digests with Windows path semantics.
// The Git sources are tested in installCli.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtCli, makeTempDir, removeDir, writeFile, runCliWithoutGit } from '../unit/engineTestUtils';
import { reviewSource } from '../../src/core/install/review';
import { normalizePath } from '../../src/core/base/paths';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { addSkills, InstallError } from '../../src/node/skillInstaller';

let cli: string;
let tmp: string;
let source: string;

function run(args: string[], cwd: string) {
  // No git on PATH: these tests must pass whether or not git can be found.
  return runCliWithoutGit(cli, args, cwd, tmp);
}

const sha = (file: string) => `sha256:${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;

before(() => {
  cli = builtCli();
  tmp = makeTempDir('skillsmith-install-folder-');
  source = path.join(tmp, 'shared skills');
  writeFile(
    path.join(source, 'skills', 'form-filler', 'SKILL.md'),
    '---\nname: form-filler\ndescription: Fills PDF forms. Use when asked to fill a form.\n---\nRun `scripts/fill.sh`, then read [the fields](references/fields.md).\n',
  );
  writeFile(path.join(source, 'skills', 'form-filler', 'scripts', 'fill.sh'), '#!/bin/sh\necho fill\n');
  writeFile(path.join(source, 'skills', 'form-filler', 'references', 'fields.md'), '# Fields\n');
  writeFile(
    path.join(source, 'skills', 'note-taker', 'SKILL.md'),
    '---\nname: note-taker\ndescription: Takes meeting notes. Use when asked for notes.\n---\nWrite the notes.\n',
  );
});

after(() => tmp && removeDir(tmp));

function workspace(name: string): string {
  const ws = path.join(tmp, name);
  fs.mkdirSync(ws, { recursive: true });
  return ws;
}

test('a plain folder is added without git: no commit, every file digested under its forward-slash path', () => {
  const ws = workspace('ws-add');
  const refused = run(['add', source], ws);
  assert.equal(refused.status, 1);
  assert.match(refused.stdout, /## form-filler[\s\S]*3 files/);
  assert.equal(fs.existsSync(path.join(ws, '.agents')), false, 'nothing written without a choice');

  const added = run(['add', source, '--skill', 'form-filler', '--yes'], ws);
  assert.equal(added.status, 0, added.stderr);
  const dir = path.join(ws, '.agents', 'skills', 'form-filler');
  const entry = JSON.parse(fs.readFileSync(path.join(ws, '.agents', 'skills-lock.json'), 'utf8')).skills['form-filler'];
  assert.equal(entry.commit, null, 'a folder that is not a work tree has no commit');
  assert.equal(entry.path, 'skills/form-filler');
  assert.deepEqual(entry.files, {
    'SKILL.md': sha(path.join(dir, 'SKILL.md')),
    'references/fields.md': sha(path.join(dir, 'references', 'fields.md')),
    'scripts/fill.sh': sha(path.join(dir, 'scripts', 'fill.sh')),
  });
  assert.equal(fs.readFileSync(path.join(dir, 'references', 'fields.md'), 'utf8'), '# Fields\n');
  assert.deepEqual(
    fs.readdirSync(path.join(ws, '.agents')).sort(),
    ['skills', 'skills-lock.json'],
    'no staging folder is left',
  );

  assert.equal(run(['verify'], ws).status, 0);
  fs.appendFileSync(path.join(dir, 'references', 'fields.md'), 'A local note.\n');
  const modified = run(['verify', '--json'], ws);
  assert.equal(modified.status, 1);
  assert.deepEqual(
    JSON.parse(modified.stdout).skills.map((s: { name: string; changed: string[] }) => [s.name, s.changed]),
    [['form-filler', ['references/fields.md']]],
  );
});

test('update from a plain folder: the changed script first, applied only with --yes', () => {
  const ws = workspace('ws-update');
  const upstream = path.join(tmp, 'upstream');
  fs.cpSync(source, upstream, { recursive: true });
  assert.equal(run(['add', upstream, '--skill', 'form-filler', '--yes'], ws).status, 0);
  writeFile(path.join(upstream, 'skills', 'form-filler', 'scripts', 'fill.sh'), '#!/bin/sh\necho fill v2\n');
  writeFile(path.join(upstream, 'skills', 'form-filler', 'references', 'more.md'), '# More\n');

  const shown = run(['update', '--allow-outside-source', 'form-filler'], ws);
  assert.equal(shown.status, 0, shown.stderr);
  assert.match(shown.stdout, /changed: scripts\/fill\.sh\n {2}new: references\/more\.md/);
  const script = path.join(ws, '.agents', 'skills', 'form-filler', 'scripts', 'fill.sh');
  assert.equal(fs.readFileSync(script, 'utf8'), '#!/bin/sh\necho fill\n', 'not applied without --yes');

  // The new reference is linked from nowhere: a security warning, so the update needs the second confirmation.
  assert.equal(
    run(['update', '--allow-outside-source', 'form-filler', '--yes', '--accept-security-warnings'], ws).status,
    0,
  );
  assert.equal(fs.readFileSync(script, 'utf8'), '#!/bin/sh\necho fill v2\n');
  assert.ok(fs.existsSync(path.join(ws, '.agents', 'skills', 'form-filler', 'references', 'more.md')));
  assert.equal(run(['verify'], ws).status, 0);
});

test('an add that fails after its renames leaves the location as it was', async () => {
  const ws = workspace('ws-interrupted');
  const location = normalizePath(path.join(ws, '.agents', 'skills'));
  // A failure after both skills are renamed into place, before the lock file is (the test-only
  // hook of src/node/installTransaction.ts).
  process.env.SKILLSMITH_TEST_INTERRUPT = 'fail:moved:note-taker';
  const skills = await reviewSource(new NodeFileSystem(), normalizePath(source), {
    location,
    projectRoot: normalizePath(ws),
  });
  assert.deepEqual(skills.map((s) => s.name).sort(), ['form-filler', 'note-taker']);
  try {
    await assert.rejects(
      addSkills({ location, source, commit: null, skills }),
      (error: Error) => error instanceof InstallError && /nothing was added: .*test interruption/.test(error.message),
    );
  } finally {
    delete process.env.SKILLSMITH_TEST_INTERRUPT;
  }
  assert.deepEqual(fs.readdirSync(path.join(ws, '.agents', 'skills')), [], 'both renamed skills were moved back out');
  assert.equal(fs.existsSync(path.join(ws, '.agents', 'skills-lock.json')), false);
  assert.deepEqual(
    fs.readdirSync(path.join(ws, '.agents')).filter((e) => e.startsWith('.skillsmith-')),
    [],
  );
});

test('a local source inside the project is recorded relative to the lock file; one outside is absolute, with a warning', () => {
  const ws = workspace('ws-relative');
  const vendored = path.join(ws, 'vendor', 'team skills');
  writeFile(
    path.join(vendored, 'helper', 'SKILL.md'),
    '---\nname: helper\ndescription: Helps. Use when asked for help.\n---\nHelp.\n',
  );
  const added = run(['add', path.join('vendor', 'team skills'), '--yes'], ws);
  assert.equal(added.status, 0, added.stderr);
  assert.doesNotMatch(added.stderr, /warning/);
  const lockFile = path.join(ws, '.agents', 'skills-lock.json');
  assert.equal(JSON.parse(fs.readFileSync(lockFile, 'utf8')).skills.helper.source, '../vendor/team skills');

  // A teammate's clone, elsewhere on disk: the lock still leads to the source.
  const clone = path.join(tmp, 'teammate', 'ws-relative');
  fs.cpSync(ws, clone, { recursive: true });
  writeFile(
    path.join(clone, 'vendor', 'team skills', 'helper', 'SKILL.md'),
    '---\nname: helper\ndescription: Helps. Use when asked for help.\n---\nHelp, version two.\n',
  );
  const updated = run(['update', '--allow-outside-source', 'helper', '--yes'], clone);
  assert.equal(updated.status, 0, updated.stderr);
  assert.match(fs.readFileSync(path.join(clone, '.agents', 'skills', 'helper', 'SKILL.md'), 'utf8'), /version two/);
  assert.equal(
    fs.readFileSync(path.join(ws, '.agents', 'skills', 'helper', 'SKILL.md'), 'utf8').includes('version two'),
    false,
    'the first workspace is untouched',
  );

  const outside = run(['add', source, '--skill', 'note-taker', '--yes'], ws);
  assert.equal(outside.status, 0, outside.stderr);
  assert.match(outside.stderr, /warning: .* is outside the project .* records its absolute path/);
  assert.equal(JSON.parse(fs.readFileSync(lockFile, 'utf8')).skills['note-taker'].source, normalizePath(source));
});
