// BatchNodeFileSystem (src/node/nodeFileSystem.ts) answers as NodeFileSystem does, over the
// synchronous calls: the same stats, entries, bytes and real paths, and the same rejections,
// as promises (a caller's .catch() sees them; nothing is thrown at the call).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { BatchNodeFileSystem, NodeFileSystem } from '../../src/node/nodeFileSystem';
import { makeTempDir, removeDir, trySymlink } from './engineTestUtils';

const root = normalizePath(makeTempDir());
after(() => removeDir(root));
fs.mkdirSync(joinPath(root, 'folder'));
fs.writeFileSync(joinPath(root, 'folder', 'file.txt'), 'hello, world');
fs.writeFileSync(joinPath(root, 'empty'), '');
const links = trySymlink(joinPath(root, 'folder', 'file.txt'), joinPath(root, 'link'), 'file');
if (links) trySymlink(joinPath(root, 'gone'), joinPath(root, 'dangling'), 'file');

const batch = new BatchNodeFileSystem();
const reference = new NodeFileSystem();

/** What a call gave: its value, or the code of its rejection. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  let promise: Promise<unknown>;
  try {
    promise = call();
  } catch (error) {
    return { thrownAtTheCall: String(error) };
  }
  return promise.then(
    (value) => ({ value: value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value }),
    (error: NodeJS.ErrnoException) => ({ rejected: error.code ?? 'no code' }),
  );
}

const paths = ['.', 'folder', 'folder/file.txt', 'empty', 'missing', 'folder/file.txt/below', 'link', 'dangling'].map(
  (p) => joinPath(root, p),
);

test(
  'stat, readDirectory, readFile and realPath give what the asynchronous calls give',
  { timeout: 20_000 },
  async () => {
    for (const p of paths) {
      for (const [name, call] of [
        ['stat', (fsys: NodeFileSystem) => fsys.stat(p)],
        ['readDirectory', (fsys: NodeFileSystem) => fsys.readDirectory(p)],
        ['readFile', (fsys: NodeFileSystem) => fsys.readFile(p)],
        ['readFile 5 bytes', (fsys: NodeFileSystem) => fsys.readFile(p, 5)],
        ['readFile 4 KiB', (fsys: NodeFileSystem) => fsys.readFile(p, 4096)],
        ['realPath', (fsys: NodeFileSystem) => fsys.realPath(p)],
      ] as const) {
        assert.deepEqual(await outcome(() => call(batch)), await outcome(() => call(reference)), `${name} ${p}`);
      }
    }
  },
);

test('the answers themselves: a missing entry, a capped read, a link', { timeout: 20_000 }, async () => {
  assert.equal(await batch.stat(joinPath(root, 'missing')), undefined);
  assert.equal(await batch.stat(joinPath(root, 'folder/file.txt/below')), undefined);
  assert.equal(Buffer.from(await batch.readFile(joinPath(root, 'folder/file.txt'), 5)).toString(), 'hello');
  assert.equal(Buffer.from(await batch.readFile(joinPath(root, 'folder/file.txt'))).toString(), 'hello, world');
  await assert.rejects(batch.readDirectory(joinPath(root, 'missing')), { code: 'ENOENT' });
  await assert.rejects(batch.readFile(joinPath(root, 'folder')), { code: 'EISDIR' });
  assert.deepEqual(
    (await batch.readDirectory(joinPath(root, 'folder'))).map((e) => [e.name, e.kind, e.isSymlink]),
    [['file.txt', 'file', false]],
  );
  if (links) {
    assert.deepEqual(await batch.stat(joinPath(root, 'link')).then((s) => [s?.kind, s?.isSymlink, s?.size]), [
      'file',
      true,
      12,
    ]);
    assert.equal(await batch.realPath(joinPath(root, 'link')), joinPath(root, 'folder/file.txt'));
    await assert.rejects(batch.realPath(joinPath(root, 'dangling')), { code: 'ENOENT' });
  }
});
