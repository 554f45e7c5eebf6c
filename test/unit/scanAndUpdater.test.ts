// Discovery (docs/precedence-and-access.md), reading skill records, and the incremental CatalogUpdater checked
// against a fresh full scan over random edits of a real temp tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { testPath as path } from './testPaths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import type { DirectoryEntry, EntryStat, FileSystem, HeadRead } from '../../src/core/base/fileSystem';
import { discoverSkillFiles, type SkippedPath } from '../../src/core/catalog/discovery';
import { HEAD_BYTES } from '../../src/core/base/limits';
import { readSkillRecord } from '../../src/core/catalog/skillRecord';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import {
  isCaseSensitive,
  location,
  makeTempDir,
  NO_SYMLINKS,
  removeDir,
  skillText,
  trySymlink,
  writeFile,
  writeSkill,
} from './engineTestUtils';
import { freshSnapshot, makeWorkspace, runRandomOperations, snapshot } from './catalogRandomOperations';

const nodeFs = new NodeFileSystem();

/**
 * A FileSystem that counts the bytes it hands out. With `withHead`, it offers the inner
 * file system's bulk readHeads too (NodeFileSystem has one); without, the records are read
 * through stat + readFile.
 */
class CountingFileSystem implements FileSystem {
  bytesRead = 0;
  reads = 0;
  readonly readHeads?: (paths: readonly string[], maxBytes: number) => Promise<HeadRead[]>;
  constructor(
    private readonly inner: FileSystem,
    withHead: boolean,
  ) {
    if (withHead && inner.readHeads) {
      const readHeads = inner.readHeads.bind(inner);
      this.readHeads = async (paths, maxBytes) => {
        const heads = await readHeads(paths, maxBytes);
        for (const head of heads) if (head && !(head instanceof Error)) this.count(head.bytes);
        return heads;
      };
    }
  }
  private count(bytes: Uint8Array): void {
    this.bytesRead += bytes.length;
    this.reads++;
  }
  stat(p: string): Promise<EntryStat | undefined> {
    return this.inner.stat(p);
  }
  readDirectory(p: string): Promise<DirectoryEntry[]> {
    return this.inner.readDirectory(p);
  }
  async readFile(p: string, maxBytes?: number): Promise<Uint8Array> {
    const bytes = await this.inner.readFile(p, maxBytes);
    this.count(bytes);
    return bytes;
  }
  realPath(p: string): Promise<string> {
    return this.inner.realPath(p);
  }
}

function relativeFound(root: string, found: { filePath: string }[]): string[] {
  return found.map((f) => path.relative(root, f.filePath));
}

async function withTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = makeTempDir();
  try {
    await body(dir);
  } finally {
    removeDir(dir);
  }
}

// ---------------------------------------------------------------------------------------
// Discovery

test('skills are found 1 to 4 levels below a location, not deeper', () =>
  withTemp(async (loc) => {
    writeSkill(loc, 'one');
    writeSkill(path.join(loc, 'a'), 'two');
    writeSkill(path.join(loc, 'a/b'), 'three');
    writeSkill(path.join(loc, 'a/b/c'), 'four');
    writeSkill(path.join(loc, 'a/b/c/d'), 'five');
    writeFile(path.join(loc, 'SKILL.md'), skillText('root', 'The location itself is not a skill.'));
    const found = relativeFound(loc, await discoverSkillFiles(nodeFs, loc));
    assert.deepEqual(found, ['a/b/c/four/SKILL.md', 'a/b/three/SKILL.md', 'a/two/SKILL.md', 'one/SKILL.md']);
  }));

test('.git and node_modules are skipped', () =>
  withTemp(async (loc) => {
    writeSkill(path.join(loc, '.git'), 'in-git');
    writeSkill(path.join(loc, 'node_modules'), 'in-modules');
    writeSkill(path.join(loc, 'pkg/node_modules'), 'deep-modules');
    writeSkill(loc, 'kept');
    assert.deepEqual(relativeFound(loc, await discoverSkillFiles(nodeFs, loc)), ['kept/SKILL.md']);
  }));

test('a lowercase skill.md is accepted, with a file-name-case warning', () =>
  withTemp(async (loc) => {
    writeSkill(loc, 'lower', undefined, { fileName: 'skill.md' });
    const found = await discoverSkillFiles(nodeFs, loc);
    assert.deepEqual(relativeFound(loc, found), ['lower/skill.md']);
    const result = await readSkillRecord(nodeFs, found[0].filePath, location(loc, 0));
    assert.ok(result.ok);
    assert.ok(result.record.problems.some((p) => p.code === 'file-name-case' && p.severity === 'warning'));
    assert.equal(result.record.hasErrors, false);
  }));

test('SKILL.md is preferred when skill.md sits next to it', async (t) => {
  const loc = makeTempDir();
  try {
    if (!isCaseSensitive(loc)) {
      t.skip('the temp file system is case-insensitive');
      return;
    }
    writeSkill(loc, 'both');
    writeFile(path.join(loc, 'both/skill.md'), skillText('both', 'The lowercase twin.'));
    const found = await discoverSkillFiles(nodeFs, loc);
    assert.deepEqual(relativeFound(loc, found), ['both/SKILL.md']);
    const catalog = createSkillCatalog();
    await new CatalogUpdater(catalog, nodeFs, [location(loc, 0)]).scanAll();
    assert.deepEqual(
      catalog.entries().map((e) => path.relative(loc, e.record.filePath)),
      ['both/SKILL.md'],
    );
    assert.deepEqual(catalog.entries()[0].problems, []);
  } finally {
    removeDir(loc);
  }
});

test('a skill nested in another skill folder is found; skills in scripts/, references/, assets/ are not', () =>
  withTemp(async (loc) => {
    writeSkill(loc, 'outer');
    writeSkill(path.join(loc, 'outer'), 'inner');
    writeSkill(path.join(loc, 'outer/scripts'), 'in-scripts');
    writeSkill(path.join(loc, 'outer/references'), 'in-references');
    writeSkill(path.join(loc, 'outer/assets'), 'in-assets');
    writeSkill(path.join(loc, 'outer/assets/templates'), 'deep-in-assets');
    assert.deepEqual(relativeFound(loc, await discoverSkillFiles(nodeFs, loc)), [
      'outer/SKILL.md',
      'outer/inner/SKILL.md',
    ]);
  }));

test('a symlinked skill folder is followed', (t) =>
  withTemp(async (dir) => {
    const loc = path.join(dir, 'loc');
    writeSkill(path.join(dir, 'elsewhere'), 'linked');
    fs.mkdirSync(loc);
    if (!trySymlink(path.join(dir, 'elsewhere/linked'), path.join(loc, 'linked'), 'dir')) return t.skip(NO_SYMLINKS);
    const found = await discoverSkillFiles(nodeFs, loc);
    assert.deepEqual(relativeFound(loc, found), ['linked/SKILL.md']);
    const catalog = createSkillCatalog();
    await new CatalogUpdater(catalog, nodeFs, [location(loc, 0)]).scanAll();
    assert.equal(catalog.get('linked')!.status, 'offered');
    assert.equal(catalog.get('linked')!.record.filePath, path.join(loc, 'linked/SKILL.md'));
  }));

test('a symlinked location is followed too', (t) =>
  withTemp(async (dir) => {
    writeSkill(path.join(dir, 'real'), 'through-link');
    if (!trySymlink(path.join(dir, 'real'), path.join(dir, 'loc'), 'dir')) return t.skip(NO_SYMLINKS);
    assert.deepEqual(relativeFound(dir, await discoverSkillFiles(nodeFs, path.join(dir, 'loc'))), [
      'loc/through-link/SKILL.md',
    ]);
  }));

test('symlink loops terminate and are reported', (t) =>
  withTemp(async (loc) => {
    writeSkill(loc, 'a');
    if (!trySymlink(loc, path.join(loc, 'a/back-to-location'), 'dir')) return t.skip(NO_SYMLINKS);
    fs.symlinkSync(path.join(loc, 'a'), path.join(loc, 'a/self'), 'dir');
    fs.mkdirSync(path.join(loc, 'x'));
    fs.mkdirSync(path.join(loc, 'y'));
    fs.symlinkSync(path.join(loc, 'y'), path.join(loc, 'x/to-y'), 'dir');
    fs.symlinkSync(path.join(loc, 'x'), path.join(loc, 'y/to-x'), 'dir');
    fs.symlinkSync(path.join(loc, 'missing'), path.join(loc, 'broken'), 'dir');
    const skipped: SkippedPath[] = [];
    const found = await discoverSkillFiles(nodeFs, loc, { onSkip: (s) => skipped.push(s) });
    assert.deepEqual(relativeFound(loc, found), ['a/SKILL.md']);
    assert.ok(
      skipped.some((s) => s.path === path.join(loc, 'a/back-to-location') && /loop/.test(s.reason)),
      JSON.stringify(skipped),
    );
    assert.ok(skipped.some((s) => s.path === path.join(loc, 'a/self') && /loop/.test(s.reason)));
    assert.ok(skipped.some((s) => /loop/.test(s.reason) && (s.path.endsWith('to-x') || s.path.endsWith('to-y'))));
  }));

test('a SKILL.md that is a folder is reported through onSkip', () =>
  withTemp(async (loc) => {
    fs.mkdirSync(path.join(loc, 'odd/SKILL.md'), { recursive: true });
    writeSkill(loc, 'fine');
    const skipped: SkippedPath[] = [];
    const found = await discoverSkillFiles(nodeFs, loc, { onSkip: (s) => skipped.push(s) });
    assert.deepEqual(relativeFound(loc, found), ['fine/SKILL.md']);
    assert.deepEqual(skipped, [{ path: path.join(loc, 'odd/SKILL.md'), reason: 'SKILL.md is not a file' }]);
  }));

test('a missing location yields nothing and reports nothing', async () => {
  const skipped: SkippedPath[] = [];
  assert.deepEqual(await discoverSkillFiles(nodeFs, '/definitely/not/here', { onSkip: (s) => skipped.push(s) }), []);
  assert.deepEqual(skipped, []);
});

// ---------------------------------------------------------------------------------------
// Reading records

for (const withHead of [true, false]) {
  const mode = withHead ? 'readHead' : 'stat + readFile';
  test(`readSkillRecord reads only the head of a 10 MB file whose frontmatter is at the top (${mode})`, () =>
    withTemp(async (loc) => {
      const filePath = path.join(loc, 'huge/SKILL.md');
      const head = skillText('huge', 'A skill with a very long body.', '');
      writeFile(filePath, head + 'Lorem ipsum dolor sit amet.\n'.repeat(Math.ceil((10 * 1024 * 1024) / 28)));
      assert.ok(fs.statSync(filePath).size >= 10 * 1024 * 1024);
      const counting = new CountingFileSystem(nodeFs, withHead);
      const result = await readSkillRecord(counting, filePath, location(loc, 0));
      assert.ok(result.ok);
      assert.equal(result.record.name, 'huge');
      assert.equal(result.record.description, 'A skill with a very long body.');
      assert.equal(result.record.hasErrors, false);
      assert.equal(result.record.size, fs.statSync(filePath).size);
      assert.ok(counting.reads >= 1);
      assert.ok(counting.bytesRead < 64 * 1024, `read ${counting.bytesRead} bytes`);
    }));

  test(`readSkillRecord reads further when the frontmatter is longer than the first read (${mode})`, () =>
    withTemp(async (loc) => {
      const filePath = path.join(loc, 'long-head/SKILL.md');
      const metadata = Array.from({ length: 400 }, (_, i) => `  key-${i}: value number ${i} with some padding`).join(
        '\n',
      );
      const text =
        `---\nname: long-head\nmetadata:\n${metadata}\ndescription: Declared after the long metadata block.\n---\nBody.\n` +
        'tail\n'.repeat(200_000);
      writeFile(filePath, text);
      assert.ok(text.indexOf('description:') > HEAD_BYTES * 2, 'the description lies well past the first read');
      const counting = new CountingFileSystem(nodeFs, withHead);
      const result = await readSkillRecord(counting, filePath, location(loc, 0));
      assert.ok(result.ok);
      assert.equal(result.record.description, 'Declared after the long metadata block.');
      assert.deepEqual(
        result.record.problems.map((p) => p.code),
        [],
      );
      assert.ok(counting.reads >= 2);
      assert.ok(counting.bytesRead < fs.statSync(filePath).size, 'still not the whole file');
    }));

  test(`readSkillRecord returns a value for a missing file and for a folder (${mode})`, () =>
    withTemp(async (loc) => {
      const counting = new CountingFileSystem(nodeFs, withHead);
      const missing = await readSkillRecord(counting, path.join(loc, 'gone/SKILL.md'), location(loc, 0));
      assert.deepEqual(missing, { ok: false, reason: 'the file no longer exists', missing: true });
      fs.mkdirSync(path.join(loc, 'dir/SKILL.md'), { recursive: true });
      const folder = await readSkillRecord(counting, path.join(loc, 'dir/SKILL.md'), location(loc, 0));
      assert.deepEqual(folder, { ok: false, reason: 'SKILL.md is not a file', missing: false });
    }));
}

test('readSkillRecord reports a frontmatter that never closes without reading megabytes without end', () =>
  withTemp(async (loc) => {
    const filePath = path.join(loc, 'open/SKILL.md');
    writeFile(filePath, '---\nname: open\n' + '# comment line\n'.repeat(300_000));
    const counting = new CountingFileSystem(nodeFs, true);
    const result = await readSkillRecord(counting, filePath, location(loc, 0));
    assert.ok(result.ok);
    assert.ok(result.record.problems.some((p) => p.code === 'unclosed-frontmatter'));
    assert.equal(result.record.hasErrors, true);
    assert.ok(counting.bytesRead <= 2 * 1024 * 1024, `read ${counting.bytesRead}`);
  }));

// ---------------------------------------------------------------------------------------
// CatalogUpdater: focused cases

test('scanAll fills the catalog with one change event and reports progress', () =>
  withTemp(async (root) => {
    const w = makeWorkspace(root);
    writeSkill(path.join(w.ws, 'skills'), 'a');
    writeSkill(path.join(w.ws, '.claude/skills'), 'a');
    writeSkill(path.join(w.home, '.claude/skills'), 'b');
    const catalog = createSkillCatalog();
    let events = 0;
    catalog.onDidChange(() => events++);
    const progress: [number, number][] = [];
    await new CatalogUpdater(catalog, nodeFs, w.locations, {
      onScanProgress: (read, total) => progress.push([read, total]),
    }).scanAll();
    assert.equal(events, 1);
    assert.deepEqual(progress.at(-1), [3, 3]);
    assert.deepEqual(
      catalog.entries().map((e) => [path.relative(root, e.record.filePath), e.record.location.label, e.status]),
      [
        ['ws/skills/a/SKILL.md', 'skills', 'offered'],
        ['ws/.claude/skills/a/SKILL.md', '.claude/skills', 'shadowed'],
        ['home/.claude/skills/b/SKILL.md', '~/.claude/skills', 'offered'],
      ],
    );
  }));

test('a SKILL.md written directly into a location folder changes nothing (it is not a skill folder)', () =>
  withTemp(async (root) => {
    const w = makeWorkspace(root);
    const loc = path.join(w.ws, 'skills');
    writeSkill(path.join(loc, 'a/b/c'), 'deep'); // four levels below the location
    writeSkill(loc, 'top');
    const catalog = createSkillCatalog();
    const updater = new CatalogUpdater(catalog, nodeFs, w.locations);
    await updater.scanAll();
    const before = snapshot(catalog);
    assert.equal(before.length, 2);
    const stray = path.join(loc, 'SKILL.md');
    writeFile(stray, skillText('skills', 'A stray file in the location.'));
    void updater.pathChanged(stray);
    await updater.settled();
    assert.deepEqual(snapshot(catalog), before);
    assert.deepEqual(snapshot(catalog), await freshSnapshot(w.locations));
    fs.rmSync(stray);
    void updater.pathDeleted(stray);
    await updater.settled();
    assert.deepEqual(snapshot(catalog), before);
  }));

test('an edit that changes a name updates the duplicate pair', () =>
  withTemp(async (root) => {
    const w = makeWorkspace(root);
    const winner = writeSkill(path.join(w.ws, 'skills'), 'a');
    const loser = writeSkill(path.join(w.ws, '.claude/skills'), 'a');
    const catalog = createSkillCatalog();
    const updater = new CatalogUpdater(catalog, nodeFs, w.locations);
    await updater.scanAll();
    assert.equal(catalog.entryForFile(loser)!.status, 'shadowed');
    const files: string[][] = [];
    catalog.onDidChange((c) => files.push([...c.files]));
    writeFile(winner, skillText('a', 'Now with a new description.'));
    await updater.pathChanged(winner);
    assert.equal(catalog.get('a')!.record.description, 'Now with a new description.');
    assert.ok(files.flat().includes(loser), 'the loser of the pair is named in the change');
    fs.rmSync(path.dirname(winner), { recursive: true });
    await updater.pathDeleted(path.dirname(winner));
    assert.equal(catalog.entryForFile(loser)!.status, 'offered');
    assert.deepEqual(catalog.entryForFile(loser)!.problems, []);
  }));

for (const seed of [1, 2]) {
  test(`property: the incremental catalog equals a fresh scan after random operations (seed ${seed})`, () =>
    runRandomOperations(seed, 300, 4));
}
// Seeds 3 to 8 run in the fuzz suite (test/fuzz/catalogRandomOperations.test.ts).
