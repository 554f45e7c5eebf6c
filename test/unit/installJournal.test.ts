// A journal of an interrupted add or update (src/node/installTransaction.ts) can come with a
// repository, as any file beside a location can: finishing the write trusts none of its names.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalizePath } from '../../src/core/base/paths';
import { recoverInterrupted, TransactionError } from '../../src/node/installTransaction';
import { makeTempDir, removeDir, writeFile } from './engineTestUtils';

const TIMEOUT = { timeout: 30_000 };
let tmp: string;

before(() => {
  tmp = makeTempDir('skillsmith-journal-');
});
after(() => removeDir(tmp));

const hostile: [string, unknown][] = [
  ['a name that climbs out', { version: 1, kind: 'update', location: 'skills', names: ['../../outside'] }],
  ['an empty name', { version: 1, kind: 'update', location: 'skills', names: [''] }],
  ['a location that climbs out', { version: 1, kind: 'add', location: '..', names: ['review'] }],
  ['a name that is not a string', { version: 1, kind: 'add', location: 'skills', names: [7] }],
  ['an unknown kind', { version: 1, kind: 'delete', location: 'skills', names: ['review'] }],
  ['not JSON', '{'],
];

for (const [what, journal] of hostile) {
  test(`a journal with ${what} is refused, and nothing outside the location moves`, TIMEOUT, () => {
    const project = path.join(tmp, what.replace(/\W+/g, '-'));
    const outside = path.join(project, '..', `${path.basename(project)}-outside`);
    writeFile(path.join(outside, 'SKILL.md'), 'the only copy\n');
    writeFile(path.join(project, '.agents', 'skills', 'review', 'SKILL.md'), 'kept\n');
    writeFile(
      path.join(project, '.agents', '.skillsmith-install', 'journal.json'),
      typeof journal === 'string' ? journal : JSON.stringify(journal),
    );
    assert.throws(
      () => recoverInterrupted(normalizePath(path.join(project, '.agents', 'skills'))),
      (error: unknown) =>
        error instanceof TransactionError && /is not a journal this Skillsmith wrote/.test(error.message),
    );
    assert.equal(fs.readFileSync(path.join(outside, 'SKILL.md'), 'utf8'), 'the only copy\n');
    assert.equal(fs.readFileSync(path.join(project, '.agents', 'skills', 'review', 'SKILL.md'), 'utf8'), 'kept\n');
  });
}
