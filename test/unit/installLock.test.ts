// skills-lock.json (core/install/lockFile.ts) and the reading of SOURCE (node/skillSource.ts):
// a damaged lock file is an error that says what is wrong, the text is stable for review, a
// folder's difference from its entry is exact, and owner/repo, URLs and paths are told apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareWithLock,
  differenceText,
  lockPathFor,
  parseLockFile,
  serializeLockFile,
  type LockFile,
} from '../../src/core/install/lockFile';
import { sourceKind } from '../../src/node/skillSource';

const A = `sha256:${'a'.repeat(64)}`;
const B = `sha256:${'b'.repeat(64)}`;

test('the lock file beside a location; a damaged one says what is wrong', () => {
  assert.equal(lockPathFor('/w/.agents/skills'), '/w/.agents/skills-lock.json');
  assert.match((parseLockFile('{') as { error: string }).error, /not valid JSON/);
  assert.match(
    (parseLockFile('{"version": 2, "skills": {}}') as { error: string }).error,
    /version 2; this Skillsmith reads version 1/,
  );
  assert.match(
    (parseLockFile('{"version": 1, "skills": {"x": {"source": "s"}}}') as { error: string }).error,
    /the entry of 'x' needs "source", "path", "added"/,
  );
  assert.match(
    (
      parseLockFile(
        `{"version": 1, "skills": {"x": {"source": "s", "commit": null, "path": ".", "added": "t", "files": {"a": "md5:1"}}}}`,
      ) as { error: string }
    ).error,
    /lists a with "md5:1", not "sha256:<64 hex digits>"/,
  );
});

test('the text is sorted and reads back the same', () => {
  const lock: LockFile = {
    version: 1,
    skills: {
      zeta: {
        source: 'https://x/r.git',
        commit: 'c1',
        path: 'skills/zeta',
        files: { 'b.md': B, 'SKILL.md': A },
        added: '2026-12-01T00:00:00.000Z',
      },
      alpha: { source: '/local', commit: null, path: '.', files: { 'SKILL.md': A }, added: '2026-12-01T00:00:00.000Z' },
    },
  };
  const text = serializeLockFile(lock);
  assert.ok(text.indexOf('"alpha"') < text.indexOf('"zeta"'));
  assert.ok(text.indexOf('"SKILL.md"') < text.indexOf('"b.md"'));
  assert.deepEqual((parseLockFile(text) as { lock: LockFile }).lock.skills.zeta, lock.skills.zeta);
});

test('a folder differs from its entry by changed, added and missing files', () => {
  const entry = {
    source: 's',
    commit: null,
    path: '.',
    files: { 'SKILL.md': A, 'scripts/a.sh': A, 'gone.md': A },
    added: 't',
  };
  const difference = compareWithLock(entry, { 'SKILL.md': A, 'scripts/a.sh': B, 'new.md': A });
  assert.deepEqual(difference, { changed: ['scripts/a.sh'], added: ['new.md'], missing: ['gone.md'] });
  assert.equal(
    differenceText(difference),
    '1 file changed (scripts/a.sh), 1 file added (new.md), 1 file missing (gone.md)',
  );
});

test('SOURCE: URLs and scp-style addresses are Git, owner/repo is GitHub, anything else a path', () => {
  assert.deepEqual(sourceKind('https://github.com/a/b.git'), { kind: 'git', url: 'https://github.com/a/b.git' });
  assert.deepEqual(sourceKind('git@github.com:a/b.git'), { kind: 'git', url: 'git@github.com:a/b.git' });
  assert.deepEqual(sourceKind('file:///tmp/repo'), { kind: 'git', url: 'file:///tmp/repo' });
  assert.deepEqual(sourceKind('anthropics/skills'), { kind: 'git', url: 'https://github.com/anthropics/skills.git' });
  assert.equal(sourceKind('./skills').kind, 'path');
  assert.equal(sourceKind('/abs/folder').kind, 'path');
});

test('an entry is named by one folder name, and its path and files stay inside', () => {
  const entry = (name: string, path = '.', file = 'SKILL.md') =>
    parseLockFile(
      JSON.stringify({
        version: 1,
        skills: { [name]: { source: 's', commit: null, path, added: 't', files: { [file]: A } } },
      }),
    );
  for (const bad of [
    '',
    '.',
    '..',
    '../../important',
    'a/b',
    'a\\b',
    'C:x',
    'x\u0000',
    '.git',
    'pdf\u202etool',
    'a\u2066b',
    'x\u200fy',
  ])
    assert.match((entry(bad) as { error: string }).error, /is not a skill's folder name/, JSON.stringify(bad));
  for (const bad of ['', '..', '../x', 'a/../../x', '/etc', 'a\\..\\b', 'a//b'])
    assert.match(
      (entry('ok', bad) as { error: string }).error,
      /is not a folder inside its source/,
      JSON.stringify(bad),
    );
  for (const bad of ['../x', '/etc/passwd', '.', 'a/./b'])
    assert.match(
      (entry('ok', '.', bad) as { error: string }).error,
      /not a file inside the skill/,
      JSON.stringify(bad),
    );
  assert.ok('lock' in entry('pdf-tool.v2', 'skills/pdf-tool', 'scripts/run.sh'));
});
