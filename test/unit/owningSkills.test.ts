// skillFilesOwning: a changed path belongs to the nearest skill folder above it (skills nest),
// a path outside every skill to none; paths compare as the platform does (Windows: any case,
// either slash).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skillFilesOwning } from '../../src/core/catalog/owningSkills';
import { POSIX_PATHS, WINDOWS_PATHS } from '../../src/core/base/paths';

const records = [
  { dir: '/ws/skills/outer', filePath: '/ws/skills/outer/SKILL.md' },
  { dir: '/ws/skills/outer/inner', filePath: '/ws/skills/outer/inner/skill.md' },
  { dir: '/ws/skills/other', filePath: '/ws/skills/other/SKILL.md' },
];

test('each path goes to its nearest skill; paths in no skill are ignored; each owner once', { timeout: 10_000 }, () => {
  const owners = skillFilesOwning(
    records,
    [
      '/ws/skills/outer/scripts/a.sh',
      '/ws/skills/outer/inner/scripts/deep/b.py',
      '/ws/skills/outer/inner/references/c.md',
      '/ws/skills/outer/inner',
      '/ws/README.md',
      '/elsewhere/x.sh',
      '/',
    ],
    POSIX_PATHS,
  );
  assert.deepEqual([...owners].sort(), ['/ws/skills/outer/SKILL.md', '/ws/skills/outer/inner/skill.md']);
});

test('a folder beside a skill whose name starts the same is not inside it', { timeout: 10_000 }, () => {
  assert.deepEqual(
    [...skillFilesOwning(records, ['/ws/skills/other-two/a.sh', '/ws/skills/outerx/b.sh'], POSIX_PATHS)],
    [],
  );
});

test('Windows: drive letters, case and separators do not matter', { timeout: 10_000 }, () => {
  const windows = [{ dir: 'C:/Work/Skills/Pdf', filePath: 'C:/Work/Skills/Pdf/SKILL.md' }];
  assert.deepEqual(
    [...skillFilesOwning(windows, ['c:\\work\\skills\\PDF\\scripts\\fill.ps1', 'C:\\'], WINDOWS_PATHS)],
    ['C:/Work/Skills/Pdf/SKILL.md'],
  );
  assert.deepEqual([...skillFilesOwning(windows, ['D:\\work\\skills\\pdf\\a.ps1'], WINDOWS_PATHS)], []);
});
