// `skillsmith verify` and `add` beside the records other tools write (docs/install.md, "Other
// tools' records"): npx skills' skills-lock.json at the project root, checked by its own hash
// rule; gh skill's metadata.github-* in SKILL.md, reported; records that disagree, said; and
// another tool's lock never rewritten. The fixtures follow each tool's own code, restated here:
// npx skills from https://github.com/vercel-labs/skills/blob/main/src/local-lock.ts (computeSkillFolderHash, writeLocalLock),
// gh skill from https://github.com/cli/cli/blob/trunk/internal/skills/frontmatter/frontmatter.go (InjectGitHubMetadata).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtCli, makeTempDir, removeDir, runCliWithoutGit, writeFile } from '../unit/engineTestUtils';

const TIMEOUT = { timeout: 120_000 };
let cli: string;
let tmp: string;
const run = (args: string[], cwd: string) => runCliWithoutGit(cli, args, cwd, tmp);

before(() => {
  cli = builtCli();
  tmp = makeTempDir('skillsmith-other-tools-cli-');
});
after(() => tmp && removeDir(tmp));

function npxHashOf(files: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const relativePath of Object.keys(files).sort((a, b) => a.localeCompare(b))) {
    hash.update(relativePath);
    hash.update(Buffer.from(files[relativePath]));
  }
  return hash.digest('hex');
}

const skillMd = (name: string) => `---\nname: ${name}\ndescription: Helps with ${name}. Use when asked.\n---\nDo it.\n`;

/** A project as npx skills leaves it: the skill in .agents/skills, its lock at the root. */
function npxProject(name: string, skills: Record<string, Record<string, string>>, source = 'acme/skills') {
  const root = path.join(tmp, name);
  const lock: { version: number; skills: Record<string, object> } = { version: 1, skills: {} };
  for (const skill of Object.keys(skills).sort()) {
    for (const [file, text] of Object.entries(skills[skill]))
      writeFile(path.join(root, '.agents', 'skills', skill, file), text);
    lock.skills[skill] = {
      source,
      sourceType: 'github',
      skillPath: `skills/${skill}/SKILL.md`,
      computedHash: npxHashOf(skills[skill]),
    };
  }
  writeFile(path.join(root, 'skills-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  return root;
}

test('verify checks the skills npx skills installed by its computedHash, and never rewrites its lock', TIMEOUT, () => {
  const root = npxProject('npx', {
    alpha: { 'SKILL.md': skillMd('alpha'), 'scripts/run.sh': '#!/bin/sh\necho a\n' },
    beta: { 'SKILL.md': skillMd('beta') },
  });
  const lockFile = path.join(root, 'skills-lock.json');
  const before = fs.readFileSync(lockFile, 'utf8');
  const ok = run(['verify'], root);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout, /^ok +.*alpha: its computedHash matches \(npx skills/m);
  assert.match(ok.stdout, /^ok +.*beta: /m);

  fs.appendFileSync(path.join(root, '.agents', 'skills', 'alpha', 'scripts', 'run.sh'), 'curl x | sh\n');
  fs.rmSync(path.join(root, '.agents', 'skills', 'beta'), { recursive: true });
  const changed = run(['verify', '--json'], root);
  assert.equal(changed.status, 1);
  const report = JSON.parse(changed.stdout);
  assert.deepEqual(
    report.otherTools.map((r: { name: string; status: string; tool: string }) => [r.tool, r.name, r.status]),
    [
      ['npx skills', 'alpha', 'modified'],
      ['npx skills', 'beta', 'missing'],
    ],
  );
  // A root-level `skills` folder has its Skillsmith lock at the same path: an add there is refused.
  writeFile(path.join(tmp, 'npx-src', 'gamma', 'SKILL.md'), skillMd('gamma'));
  const added = run(['add', path.join(tmp, 'npx-src'), '--to', 'skills', '--yes'], root);
  assert.equal(added.status, 1, added.stderr);
  assert.match(added.stderr, /lock file of npx skills, which Skillsmith never rewrites/);
  assert.equal(fs.existsSync(path.join(root, 'skills', 'gamma')), false);
  assert.equal(run(['update', '--yes'], root).status, 1);
  assert.equal(fs.readFileSync(lockFile, 'utf8'), before, 'the npx skills lock is byte for byte as it was');
});

test('verify reports what gh skill recorded, and says when two records disagree', TIMEOUT, () => {
  const root = npxProject('both', { alpha: { 'SKILL.md': skillMd('alpha') } }, 'acme/skills');
  // gh skill install's SKILL.md: yaml.v3 re-marshalled, keys sorted, four-space indent.
  writeFile(
    path.join(root, '.claude', 'skills', 'beta', 'SKILL.md'),
    '---\ndescription: Helps with beta. Use when asked.\nmetadata:\n    github-path: skills/beta\n    github-ref: refs/heads/main\n    github-repo: https://github.com/other/skills\n    github-tree-sha: 7a5507a41b20be505102f26e6b75927edd1493fd\nname: beta\n---\nDo it.\n',
  );
  const ghOnly = run(['verify'], root);
  assert.equal(ghOnly.status, 0, ghOnly.stdout + ghOnly.stderr);
  assert.match(
    ghOnly.stdout,
    /^recorded +.*beta: by gh skill from https:\/\/github\.com\/other\/skills at refs\/heads\/main, tree 7a5507a41b20.*not against this folder/m,
  );

  // The same folder in Skillsmith's lock, from another source: the records disagree.
  const source = path.join(tmp, 'both-src');
  writeFile(path.join(source, 'alpha', 'SKILL.md'), skillMd('alpha'));
  const ws = path.join(tmp, 'both-ws');
  fs.mkdirSync(ws, { recursive: true });
  assert.equal(run(['add', source, '--yes'], ws).status, 0);
  fs.cpSync(path.join(ws, '.agents', 'skills-lock.json'), path.join(root, '.agents', 'skills-lock.json'));
  const both = run(['verify'], root);
  assert.equal(both.status, 1, both.stdout);
  assert.match(
    both.stdout,
    /^disagree +.*alpha: the records disagree about its source: Skillsmith's lock says .*both-src, npx skills' skills-lock\.json says acme\/skills/m,
  );
  // The lint says it too, on the skill's SKILL.md (the editor shows the same problem).
  const linted = run(['validate', path.join(root, '.agents', 'skills', 'alpha')], root);
  assert.match(
    linted.stdout,
    /SKILL\.md:1:1 info modified-since-added This skill is recorded by more than one tool, and the records disagree about its source: Skillsmith's lock says .*both-src, npx skills' skills-lock\.json says acme\/skills/,
  );
  // One record matching and the other not is a disagreement too: npx skills' rule skips
  // node_modules, Skillsmith's does not.
  writeFile(path.join(root, '.agents', 'skills', 'alpha', 'node_modules', 'x.js'), 'x\n');
  const files = run(['verify'], root);
  assert.match(files.stdout, /^modified +.*alpha: 1 file added \(node_modules\/x\.js\)/m);
  assert.match(
    files.stdout,
    /^disagree +.*alpha: the records disagree about its files: Skillsmith's lock says modified, npx skills' skills-lock\.json says ok/m,
  );
});
