// Discovery agrees with itself (docs/cli.md): `validate` reports as skills exactly what the
// catalog calls skills. A sample SKILL.md in a skill's assets/ (a test fixture, a template) is
// not a skill, in a workspace location or in any folder searched deeper.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { makeTempDir, removeDir, skillText, writeFile } from './engineTestUtils';
import { normalizePath } from '../../src/core/base/paths';
import { collectReports } from '../../src/cli/validateRun';
import { SkillCatalog } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { resolveLocations } from '../../src/core/catalog/locations';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';

const nodeFs = new NodeFileSystem();
let tmp: string;

/** A skill with a sample skill in assets/, a template in references/ and a nested real skill. */
function writeTester(dir: string): void {
  writeFile(path.join(dir, 'tester', 'SKILL.md'), skillText('tester', 'Tests skills. Use when asked to test one.'));
  writeFile(path.join(dir, 'tester', 'assets', 'sample-skill', 'SKILL.md'), '# A sample without frontmatter\n');
  writeFile(path.join(dir, 'tester', 'references', 'template', 'SKILL.md'), '---\nname: {{name}}\n---\n');
  writeFile(path.join(dir, 'tester', 'scripts', 'fixture', 'SKILL.md'), 'not a skill\n');
  writeFile(
    path.join(dir, 'tester', 'nested', 'SKILL.md'),
    skillText('nested', 'A skill nested in another. Use when asked.'),
  );
}

const relative = (root: string, files: readonly string[]) =>
  files.map((f) => path.relative(root, f).split(path.sep).join('/')).sort();

before(() => {
  tmp = makeTempDir('skillsmith-validate-discovery-');
  writeTester(path.join(tmp, 'ws', '.agents', 'skills'));
  writeTester(path.join(tmp, 'repo', 'plugins', 'kit', 'skills'));
});
after(() => removeDir(tmp));

test("in a workspace: validate reports the catalog's skills, and no sample", { timeout: 20_000 }, async () => {
  const ws = normalizePath(path.join(tmp, 'ws'));
  const catalog = new SkillCatalog();
  const locations = resolveLocations({ workspaceFolders: [ws], includeUser: false });
  await new CatalogUpdater(catalog, nodeFs, locations).scanAll();
  const catalogFiles = relative(
    ws,
    catalog.entries().map((e) => e.record.filePath),
  );
  assert.deepEqual(catalogFiles, ['.agents/skills/tester/SKILL.md', '.agents/skills/tester/nested/SKILL.md']);
  const { reports } = await collectReports(nodeFs, ws, ['.'], { unicodeNames: false, threads: 1 });
  assert.deepEqual(
    relative(
      ws,
      reports.map((r) => r.path),
    ),
    catalogFiles,
  );
});

test('in a folder with no skill location, searched deeper: still no sample', { timeout: 20_000 }, async () => {
  const repo = normalizePath(path.join(tmp, 'repo'));
  const { reports } = await collectReports(nodeFs, repo, ['.'], { unicodeNames: false, threads: 1 });
  assert.deepEqual(
    relative(
      repo,
      reports.map((r) => r.path),
    ),
    ['plugins/kit/skills/tester/SKILL.md', 'plugins/kit/skills/tester/nested/SKILL.md'],
  );
});

test('a sample named as a PATH is validated: the user asked for that file', { timeout: 20_000 }, async () => {
  const repo = normalizePath(path.join(tmp, 'repo'));
  const sample = 'plugins/kit/skills/tester/assets/sample-skill/SKILL.md';
  const { reports } = await collectReports(nodeFs, repo, [sample], { unicodeNames: false, threads: 1 });
  assert.deepEqual(
    reports.map((r) => [path.relative(repo, r.path).split(path.sep).join('/'), r.problems.map((p) => p.code)]),
    [[sample, ['no-frontmatter']]],
  );
});
