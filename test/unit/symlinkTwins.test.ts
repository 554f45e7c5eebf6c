// Twins of the symlink tests that skip where no link can be made (Windows without Developer
// Mode, Wine): the same guards on the core's in-memory file system, so that they are proven on
// every platform. The read tool never leaves a skill's folder through a link, the load tool
// does not list a link that leads out, and the scan follows linked skill folders without
// hanging on a loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSkillCatalog } from '../../src/core/access/policy';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { discoverSkillFiles, type SkippedPath } from '../../src/core/catalog/discovery';
import { listBundledFiles, readFileInSkill } from '../../src/core/loading/skillFolder';
import { skillText } from './engineTestUtils';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const LOC = joinPath(ROOT, 'ws', 'skills');
const SKILL = joinPath(LOC, 'code-review');
const OUTSIDE = joinPath(ROOT, 'outside');

function disk(): MemoryFileSystem {
  return new MemoryFileSystem(ROOT)
    .addFile(joinPath(SKILL, 'SKILL.md'), skillText('code-review', 'Reviews code. Use when asked for a review.'))
    .addFile(joinPath(SKILL, 'references', 'guide.md'), '# Guide\n')
    .addFile(joinPath(OUTSIDE, 'secret.txt'), 'top secret')
    .addSymlink(joinPath(SKILL, 'inner-link.md'), 'references/guide.md')
    .addSymlink(joinPath(SKILL, 'references', 'escape.md'), joinPath(OUTSIDE, 'secret.txt'))
    .addSymlink(joinPath(SKILL, 'references', 'outside-dir'), OUTSIDE)
    .addFile(
      joinPath(ROOT, 'elsewhere', 'linked', 'SKILL.md'),
      skillText('linked', 'Is linked in. Use when testing links.'),
    )
    .addSymlink(joinPath(LOC, 'linked'), joinPath(ROOT, 'elsewhere', 'linked'));
}

test('read: a link that stays inside is read; one that leads outside is outside_skill, whatever the spelling', async () => {
  const files = disk();
  const inside = await readFileInSkill(files, SKILL, 'inner-link.md');
  assert.ok(inside.ok && inside.text === '# Guide\n', JSON.stringify(inside));
  for (const requested of [
    'references/escape.md',
    'references/outside-dir/secret.txt',
    'references/outside-dir/../outside-dir/secret.txt',
    'references/outside-dir',
  ]) {
    const result = await readFileInSkill(files, SKILL, requested);
    assert.ok(!result.ok, `${requested} was read`);
    assert.equal(result.error.type, 'outside_skill', `${requested}: ${result.error.message}`);
    assert.doesNotMatch(JSON.stringify(result), /top secret/);
  }
});

test('load: the bundled files list a link that stays inside, not one that leads outside', async () => {
  const files = await listBundledFiles(disk(), SKILL);
  assert.deepEqual(files, ['inner-link.md', 'references/guide.md']);
});

test('scan: a linked skill folder is followed, and loops end and are reported', async () => {
  const files = disk()
    .addSymlink(joinPath(SKILL, 'back-to-location'), LOC)
    .addSymlink(joinPath(LOC, 'x'), joinPath(LOC, 'y'))
    .addSymlink(joinPath(LOC, 'y'), joinPath(LOC, 'x'));
  const skipped: SkippedPath[] = [];
  const found = await discoverSkillFiles(files, LOC, { onSkip: (s) => skipped.push(s) });
  assert.deepEqual(found.map((f) => f.filePath.slice(LOC.length + 1)).sort(), [
    'code-review/SKILL.md',
    'linked/SKILL.md',
  ]);
  assert.ok(
    skipped.some((s) => s.path === joinPath(SKILL, 'back-to-location') && /loop/.test(s.reason)),
    JSON.stringify(skipped),
  );
  const catalog = createSkillCatalog();
  await new CatalogUpdater(catalog, files, [
    { path: LOC, label: 'skills', scope: 'workspace', rank: 0, root: joinPath(ROOT, 'ws') },
  ]).scanAll();
  assert.equal(catalog.get('linked')?.status, 'offered');
  assert.equal(catalog.get('linked')?.record.filePath, joinPath(LOC, 'linked', 'SKILL.md'));
});
