// Each skill folder is read once (issue 38; core/base/skillFolderSnapshot.ts): validating a skill
// with references, scripts, actions.json, trigger evals and a lock file asks the file system for
// each listing and each file once, whichever rules want them; and the snapshot's own answers
// (capped reads, the inputs it keeps for `validate --cache`) are those of the file system below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { FileSystem } from '../../src/core/base/fileSystem';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { SkillFolderSnapshot } from '../../src/core/base/skillFolderSnapshot';
import { validateSkill } from '../../src/core/validate/skillValidation';

const TIMEOUT = { timeout: 30_000 };
const ROOT = '/w';
const DIR = `${ROOT}/.agents/skills/alpha`;
const sha = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const SKILL = [
  '---',
  'name: alpha',
  'description: Formats alpha reports. Use when the user asks for an alpha report.',
  '---',
  'Read [the guide](references/guide.md), then run `scripts/run.sh`.',
  '',
].join('\n');

function workspace(): MemoryFileSystem {
  const files: Record<string, string> = {
    'SKILL.md': SKILL,
    'references/guide.md': 'Run `sh scripts/run.sh --all`.\n',
    'scripts/run.sh': '#!/bin/sh\nrm -rf "$1"\n',
    'actions.json': JSON.stringify({
      actions: [{ name: 'run', description: 'Runs it.', run: ['sh', 'scripts/run.sh'] }],
    }),
    'evals/trigger-evals.json': JSON.stringify([{ query: 'make an alpha report', should_trigger: true }]),
  };
  const fs = new MemoryFileSystem(ROOT);
  for (const [file, body] of Object.entries(files)) fs.addFile(`${DIR}/${file}`, body);
  const digests = Object.fromEntries(
    Object.entries(files).map(([file, body]) => [file, sha(new TextEncoder().encode(body))]),
  );
  const lock = { version: 1, skills: { alpha: { source: 'https://github.com/acme/skills.git', files: digests } } };
  fs.addFile(`${ROOT}/.agents/skills-lock.json`, JSON.stringify(lock));
  return fs;
}

/** A file system that counts each request by kind and path. */
function counted(fs: FileSystem): { fs: FileSystem; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const count = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
  return {
    calls,
    fs: {
      stat: (p) => (count(`stat ${p}`), fs.stat(p)),
      readDirectory: (p) => (count(`list ${p}`), fs.readDirectory(p)),
      readFile: (p, max) => (count(`read ${p}`), fs.readFile(p, max)),
      realPath: (p) => (count(`real ${p}`), fs.realPath(p)),
    },
  };
}

test('validating a skill reads each of its files and folders once', TIMEOUT, async () => {
  const { fs, calls } = counted(workspace());
  const outcome = await validateSkill(fs, `${DIR}/SKILL.md`, { digest: sha });
  assert.ok(outcome.ok);
  // What was read is what the rules needed: the outcome shows each part looked.
  assert.ok(outcome.actions, 'actions.json linted');
  assert.ok(outcome.triggerEvals?.includes('alpha report'), 'trigger evals read');
  assert.ok(
    outcome.bundled.some((b) => b.filePath.endsWith('scripts/run.sh')),
    'the script reviewed',
  );
  for (const file of ['SKILL.md', 'references/guide.md', 'scripts/run.sh', 'actions.json', 'evals/trigger-evals.json'])
    assert.equal(calls.get(`read ${DIR}/${file}`), 1, `${file} read once`);
  const twice = [...calls].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`);
  assert.deepEqual(twice, [], 'no request reaches the file system twice');
});

test('a capped read and a whole read of one file: the whole file once, each cap cut from it', TIMEOUT, async () => {
  const { fs, calls } = counted(new MemoryFileSystem(ROOT).addFile(`${ROOT}/f.txt`, 'abcdefghij'));
  const snapshot = new SkillFolderSnapshot(fs);
  assert.equal(text(await snapshot.readFile(`${ROOT}/f.txt`)), 'abcdefghij');
  assert.equal(text(await snapshot.readFile(`${ROOT}/f.txt`, 4)), 'abcd');
  assert.equal(calls.get(`read ${ROOT}/f.txt`), 1);
  // A larger cap than was read needs the file again; a shorter file than its cap is whole.
  const capped = counted(new MemoryFileSystem(ROOT).addFile(`${ROOT}/f.txt`, 'abcdefghij'));
  const second = new SkillFolderSnapshot(capped.fs);
  assert.equal(text(await second.readFile(`${ROOT}/f.txt`, 3)), 'abc');
  assert.equal(text(await second.readFile(`${ROOT}/f.txt`, 6)), 'abcdef');
  assert.equal(capped.calls.get(`read ${ROOT}/f.txt`), 2);
  const short = counted(new MemoryFileSystem(ROOT).addFile(`${ROOT}/s.txt`, 'ab'));
  const third = new SkillFolderSnapshot(short.fs);
  assert.equal(text(await third.readFile(`${ROOT}/s.txt`, 64)), 'ab');
  assert.equal(text(await third.readFile(`${ROOT}/s.txt`)), 'ab');
  assert.equal(short.calls.get(`read ${ROOT}/s.txt`), 1);
});

test('the inputs name every read with the digest of its bytes, and a missing file as missing', TIMEOUT, async () => {
  const fs = new MemoryFileSystem(ROOT).addFile(`${ROOT}/a/x.txt`, 'hello');
  const snapshot = new SkillFolderSnapshot(fs, sha);
  await snapshot.readFile(`${ROOT}/a/x.txt`);
  await snapshot.stat(`${ROOT}/a/none.txt`);
  await snapshot.readDirectory(`${ROOT}/a`);
  await snapshot.readFile(`${ROOT}/a/gone.txt`).catch(() => undefined);
  const inputs = await snapshot.inputs();
  assert.deepEqual(
    inputs.map((i) => `${i.op} ${i.path}`),
    [`list ${ROOT}/a`, `read ${ROOT}/a/gone.txt`, `stat ${ROOT}/a/none.txt`, `read ${ROOT}/a/x.txt`],
  );
  const read = inputs.find((i) => i.path.endsWith('x.txt'));
  assert.equal(read?.seen, sha(new TextEncoder().encode('hello')));
  assert.equal(inputs.find((i) => i.path.endsWith('none.txt'))?.seen, 'missing');
  assert.match(inputs.find((i) => i.path.endsWith('gone.txt'))?.seen ?? '', /^failed: /);
  assert.deepEqual(await new SkillFolderSnapshot(fs).inputs(), [], 'nothing is kept without a digest');
});
