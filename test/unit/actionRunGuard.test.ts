// The guard on an action's argv (docs/actions.md, "What the guard sees"). On the in-memory file
// system of the core, so that every link case runs on every platform (Windows and Wine make no
// links); the same cases then run on the real disk where a link can be made.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lintActionsText } from '../../src/core/actions/lintActions';
import { resolveRun } from '../../src/core/actions/runPath';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import { joinPath, normalizePath } from '../../src/core/base/paths';
import { NEVER_CANCELLED } from '../../src/core/base/cancellation';
import { makeExecutor, nodeAction, scanCatalog, writeActionSkill } from './actionTestUtils';
import { makeTempDir, removeDir } from './engineTestUtils';

const ROOT = normalizePath(process.platform === 'win32' ? 'C:/mem' : '/mem');
const SKILL = joinPath(ROOT, 'skills', 'tool');
const ELSEWHERE = joinPath(ROOT, 'elsewhere');

function memory(): MemoryFileSystem {
  return new MemoryFileSystem(ROOT)
    .addFile(joinPath(SKILL, 'SKILL.md'), '---\nname: tool\n---\n')
    .addFile(joinPath(SKILL, 'scripts', 'run.js'), '')
    .addFile(joinPath(ELSEWHERE, 'x.js'), 'outside')
    .addFile(joinPath(ELSEWHERE, 'inj.js'), 'outside')
    .addSymlink(joinPath(SKILL, 'lx.js'), joinPath(ELSEWHERE, 'x.js'))
    .addSymlink(joinPath(SKILL, 'rel.js'), '../../elsewhere/x.js')
    .addSymlink(joinPath(SKILL, 'inside.js'), 'scripts/run.js')
    .addSymlink(joinPath(SKILL, 'dangling.js'), joinPath(ELSEWHERE, 'not-yet.js'))
    .addSymlink(joinPath(SKILL, 'linked'), ELSEWHERE)
    .addSymlink(joinPath(SKILL, 'loop'), 'loop');
}

async function verdict(run: string[], files = memory(), dir = SKILL): Promise<string> {
  const resolved = await resolveRun(files, dir, run);
  return resolved.ok ? 'ok' : resolved.message;
}

test('a bare argument that names a link in the folder is checked: outside is refused, inside is fine', async () => {
  assert.match(await verdict(['node', 'lx.js']), /'lx\.js' resolves to a place outside the skill's folder/);
  assert.match(await verdict(['node', 'rel.js']), /'rel\.js' resolves to a place outside/);
  assert.match(await verdict(['node', 'dangling.js']), /'dangling\.js' is a symlink that points at nothing/);
  assert.match(await verdict(['node', 'loop']), /'loop' is a symlink that points at nothing/);
  assert.equal(await verdict(['node', 'inside.js']), 'ok');
  assert.equal(
    await verdict(['node', 'plain-word', 'another']),
    'ok',
    'words that name nothing in the folder are not paths',
  );
});

test('a path through a linked folder is refused', async () => {
  assert.match(await verdict(['node', 'linked/x.js']), /'linked\/x\.js' resolves to a place outside/);
  assert.match(await verdict(['linked/x.js']), /program 'linked\/x\.js' resolves to a place outside/);
});

test('. is the folder itself and is accepted; .. and absolute paths are not', async () => {
  assert.equal(await verdict(['eslint', '.']), 'ok');
  assert.equal(await verdict(['eslint', './']), 'ok');
  assert.match(await verdict(['eslint', '..']), /climbs out/);
  assert.match(
    await verdict(['cat', process.platform === 'win32' ? 'C:/mem/elsewhere/x.js' : '/mem/elsewhere/x.js']),
    /is absolute/,
  );
});

test('the value of an --option=path is checked like a path', async () => {
  const outside = process.platform === 'win32' ? 'C:/mem/elsewhere/inj.js' : '/mem/elsewhere/inj.js';
  assert.match(
    await verdict(['node', `--require=${outside}`, 'scripts/run.js']),
    /argument '--require=.*inj\.js': '.*inj\.js' is absolute/,
  );
  assert.match(await verdict(['node', '--require=../../elsewhere/inj.js', 'scripts/run.js']), /climbs out/);
  assert.match(await verdict(['node', '--require=lx.js', 'scripts/run.js']), /'lx\.js' resolves to a place outside/);
  assert.equal(await verdict(['node', '--require=./scripts/run.js', '--name=value', '-v']), 'ok');
});

test('code handed to an interpreter is not analysed (the confirmation shows it): the guard passes it', async () => {
  assert.equal(await verdict(['sh', '-c', 'cd .. && ls']), 'ok');
  assert.equal(await verdict(['node', '-e', "require('fs').readFileSync('/etc/hostname')"]), 'ok');
});

test('lint agrees: . is accepted, an --option=/absolute value is refused', async () => {
  const lint = (run: string[]) =>
    lintActionsText(JSON.stringify({ actions: [{ name: 'a', description: 'Runs it. Use when testing.', run }] }));
  assert.deepEqual(
    (await lint(['eslint', '.'])).map((p) => p.code),
    [],
  );
  const problems = await lint(['node', '--require=/elsewhere/inj.js', 'x.js']);
  assert.deepEqual(
    problems.map((p) => p.code),
    ['actions-invalid'],
  );
  assert.match(problems[0].message, /'\/elsewhere\/inj\.js' leaves the skill's folder/);
});

// The same escape on the real disk, through the executor, where a link can be made.
let ws: string;
before(() => {
  ws = makeTempDir('skillsmith-guard-');
});
after(() => removeDir(ws));

test('on disk: run ["node", "lx.js"] with lx.js linking outside is refused before anything runs', async (t) => {
  const outside = path.join(ws, 'outside.js');
  fs.writeFileSync(outside, "require('fs').writeFileSync(process.argv[2], 'ran');");
  const dir = writeActionSkill(ws, 'linker', [nodeAction('go', 'lx.js', { run: ['node', 'lx.js', 'marker.txt'] })]);
  try {
    fs.symlinkSync(outside, path.join(dir, 'lx.js'), 'file');
  } catch (error) {
    t.skip(
      `no symlink can be made here (${(error as NodeJS.ErrnoException).code}); the in-memory tests above cover the case`,
    );
    return;
  }
  if (!fs.lstatSync(path.join(dir, 'lx.js'), { throwIfNoEntry: false })?.isSymbolicLink()) {
    t.skip('symlinkSync reported success but made no link (Wine); the in-memory tests above cover the case');
    return;
  }
  const catalog = await scanCatalog(ws);
  const { executor } = makeExecutor(catalog, ws);
  const result = await executor.run({ skill: 'linker', asker: 'user' }, NEVER_CANCELLED);
  assert.equal(result.error?.type, 'invalid_skill', JSON.stringify(result));
  assert.match(result.error.message, /'lx\.js' resolves to a place outside the skill's folder/);
  assert.equal(fs.existsSync(path.join(dir, 'marker.txt')), false, 'the outside program did not run');
});
