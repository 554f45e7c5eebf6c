// Discovery (docs/precedence-and-access.md), reading skill records, and the incremental CatalogUpdater checked
// against a fresh full scan over random edits of a real temp tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { testPath as path } from './testPaths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { type CatalogEntry, type SkillCatalog } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import type { DirectoryEntry, EntryStat, FileSystem, HeadRead } from '../../src/core/base/fileSystem';
import { resolveLocations, type SkillLocation } from '../../src/core/catalog/locations';
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
import { seededRandom } from '../seededRandom';

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
    // Even when validating every SKILL.md below a folder.
    assert.deepEqual(relativeFound(loc, await discoverSkillFiles(nodeFs, loc, { includeResourceFolders: true })), [
      'kept/SKILL.md',
    ]);
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

interface Workspace {
  readonly root: string;
  readonly ws: string;
  readonly home: string;
  readonly locations: SkillLocation[];
}

function makeWorkspace(root: string): Workspace {
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  fs.mkdirSync(ws);
  fs.mkdirSync(home);
  const locations = resolveLocations({
    workspaceFolders: [ws],
    home,
    configured: ['skills', '.claude/skills', '~/.claude/skills'],
  });
  return { root, ws, home, locations };
}

interface Snapshot {
  filePath: string;
  name: string;
  description: string | undefined;
  status: CatalogEntry['status'];
  codes: string[];
}

function snapshot(catalog: SkillCatalog): Snapshot[] {
  return catalog
    .entries()
    .map((e) => ({
      filePath: e.record.filePath,
      name: e.record.name,
      description: e.record.description,
      status: e.status,
      codes: e.problems.map((p) => p.code).sort(),
    }))
    .sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
}

async function freshSnapshot(locations: readonly SkillLocation[]): Promise<Snapshot[]> {
  const catalog = createSkillCatalog();
  await new CatalogUpdater(catalog, nodeFs, locations).scanAll();
  return snapshot(catalog);
}

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

// ---------------------------------------------------------------------------------------
// CatalogUpdater: random operations, compared with a fresh full scan

const NAMES = ['alpha', 'beta', 'gamma', 'code-review', 'x', 'deploy'];
const NESTED_NAMES = ['group', 'scripts', 'references', 'assets', 'node_modules', '.git', 'deep', 'nested'];

type Event = { kind: 'changed' | 'deleted'; path: string };

class RandomTree {
  private counter = 0;
  constructor(
    private readonly random: () => number,
    private readonly w: Workspace,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private fresh(base: string): string {
    return `${base}-${++this.counter}`;
  }

  /** Folders under existing locations, down to `maxDepth` levels below them (0 = the location). */
  private foldersUnderLocations(maxDepth: number): string[] {
    const result: string[] = [];
    const walk = (dir: string, depth: number) => {
      result.push(dir);
      if (depth >= maxDepth) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), depth + 1);
      }
    };
    for (const loc of this.w.locations) if (fs.existsSync(loc.path)) walk(loc.path, 0);
    return result;
  }

  private skillFiles(): string[] {
    return this.foldersUnderLocations(6).flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((n) => n.toLowerCase() === 'skill.md')
        .map((n) => path.join(dir, n)),
    );
  }

  /** The topmost folder that does not exist yet on the way to `dir`. */
  private topMissing(dir: string): string | undefined {
    let top: string | undefined;
    for (let current = dir; !fs.existsSync(current); current = path.dirname(current)) top = current;
    return top;
  }

  private skillContent(folderName: string): { text: string; fileName: string } {
    const name = this.chance(0.7) ? folderName : this.pick(NAMES); // a mismatch, or a duplicate in disguise
    const description = `Does ${name} work ${this.counter}. Use when asked.`;
    const fileName = this.chance(0.1) ? 'skill.md' : 'SKILL.md';
    const variant = this.random();
    let text: string;
    if (variant < 0.6) text = skillText(name, description);
    else if (variant < 0.68) text = skillText(name, description, 'Hidden.\n', 'disable-model-invocation: true\n');
    else if (variant < 0.76) text = `---\nname: ${name}\n---\nNo description.\n`;
    else if (variant < 0.84) text = `---\nname: ${name}\ndescription: broken: yaml: here\n---\n`;
    else if (variant < 0.92) text = 'No frontmatter at all.\n';
    else text = `---\nname: ${name}\ndescription: ${description}\nunknown-key: 1\n`;
    return { text, fileName };
  }

  /** Applies one random operation and returns the events a file watcher would report. */
  step(): { op: string; events: Event[] } {
    const ops: [number, () => { op: string; events: Event[] } | undefined][] = [
      [5, () => this.createSkill()],
      [3, () => this.changeDescription()],
      [2, () => this.renameSkillFolder()],
      [2, () => this.deleteSkillFolder()],
      [1, () => this.deleteSkillFile()],
      [2, () => this.createNested()],
      [1, () => this.createLocation()],
      [0.4, () => this.deleteLocation()],
      [0.5, () => this.strayFile()],
    ];
    const total = ops.reduce((sum, [weight]) => sum + weight, 0);
    for (;;) {
      let roll = this.random() * total;
      const op = ops.find(([weight]) => (roll -= weight) < 0)?.[1] ?? ops[0][1];
      const result = op();
      if (result) return result;
    }
  }

  private createSkill() {
    const parents = this.foldersUnderLocations(4);
    if (parents.length === 0) return this.createLocation();
    const parent = this.pick(parents);
    const folder = this.chance(0.5) ? this.pick(NAMES) : this.fresh(this.pick(NAMES));
    const dir = path.join(parent, folder);
    if (fs.existsSync(dir)) return undefined;
    const { text, fileName } = this.skillContent(folder);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, fileName), text);
    return { op: `create skill ${dir}/${fileName}`, events: [{ kind: 'changed' as const, path: dir }] };
  }

  private changeDescription() {
    const files = this.skillFiles();
    if (files.length === 0) return undefined;
    const file = this.pick(files);
    const { text } = this.skillContent(path.basename(path.dirname(file)));
    fs.writeFileSync(file, text);
    return { op: `rewrite ${file}`, events: [{ kind: 'changed' as const, path: file }] };
  }

  private renameSkillFolder() {
    const files = this.skillFiles();
    if (files.length === 0) return undefined;
    const from = path.dirname(this.pick(files));
    if (this.w.locations.some((l) => l.path === from)) return undefined;
    const to = path.join(path.dirname(from), this.chance(0.5) ? this.pick(NAMES) : this.fresh(this.pick(NAMES)));
    if (fs.existsSync(to)) return undefined;
    fs.renameSync(from, to);
    return {
      op: `rename ${from} -> ${to}`,
      events: [
        { kind: 'deleted' as const, path: from },
        { kind: 'changed' as const, path: to },
      ],
    };
  }

  private deleteSkillFolder() {
    const files = this.skillFiles();
    if (files.length === 0) return undefined;
    const dir = path.dirname(this.pick(files));
    if (this.w.locations.some((l) => l.path === dir)) return undefined;
    fs.rmSync(dir, { recursive: true });
    return { op: `delete folder ${dir}`, events: [{ kind: 'deleted' as const, path: dir }] };
  }

  private deleteSkillFile() {
    const files = this.skillFiles();
    if (files.length === 0) return undefined;
    const file = this.pick(files);
    fs.rmSync(file);
    return { op: `delete file ${file}`, events: [{ kind: 'deleted' as const, path: file }] };
  }

  private createNested() {
    const parents = this.foldersUnderLocations(4);
    if (parents.length === 0) return undefined;
    const parent = this.pick(parents);
    const levels = 1 + Math.floor(this.random() * 3);
    let dir = parent;
    for (let i = 0; i < levels; i++) dir = path.join(dir, this.chance(0.5) ? this.pick(NESTED_NAMES) : this.fresh('n'));
    const top = this.topMissing(dir);
    if (!top) return undefined;
    fs.mkdirSync(dir, { recursive: true });
    if (this.chance(0.7)) {
      const folder = this.pick(NAMES);
      const { text, fileName } = this.skillContent(folder);
      fs.mkdirSync(path.join(dir, folder));
      fs.writeFileSync(path.join(dir, folder, fileName), text);
    }
    return { op: `create nested ${dir}`, events: [{ kind: 'changed' as const, path: top }] };
  }

  private createLocation() {
    const missing = this.w.locations.filter((l) => !fs.existsSync(l.path));
    if (missing.length === 0) return undefined;
    const loc = this.pick(missing);
    const top = this.topMissing(loc.path)!;
    fs.mkdirSync(loc.path, { recursive: true });
    if (this.chance(0.6)) {
      const folder = this.pick(NAMES);
      const { text, fileName } = this.skillContent(folder);
      fs.mkdirSync(path.join(loc.path, folder));
      fs.writeFileSync(path.join(loc.path, folder, fileName), text);
    }
    return { op: `create location ${loc.path}`, events: [{ kind: 'changed' as const, path: top }] };
  }

  private deleteLocation() {
    const existing = this.w.locations.filter((l) => fs.existsSync(l.path));
    if (existing.length === 0) return undefined;
    const loc = this.pick(existing);
    // Sometimes the parent (`.claude`) goes with it.
    const target =
      this.chance(0.3) && path.basename(path.dirname(loc.path)) === '.claude' ? path.dirname(loc.path) : loc.path;
    fs.rmSync(target, { recursive: true });
    return { op: `delete location ${target}`, events: [{ kind: 'deleted' as const, path: target }] };
  }

  private strayFile() {
    const parents = this.foldersUnderLocations(3);
    if (parents.length === 0) return undefined;
    const parent = this.pick(parents);
    const file = path.join(parent, this.chance(0.5) ? 'README.md' : 'SKILL.md');
    const { text } = this.skillContent(path.basename(parent));
    fs.writeFileSync(file, text);
    return { op: `write ${file}`, events: [{ kind: 'changed' as const, path: file }] };
  }
}

async function runRandomOperations(seed: number, operations: number, compareEvery: number): Promise<void> {
  const root = makeTempDir(`skillsmith-prop-${seed}-`);
  try {
    const w = makeWorkspace(root);
    const tree = new RandomTree(seededRandom(seed), w);
    const catalog = createSkillCatalog();
    const skipped: SkippedPath[] = [];
    const updater = new CatalogUpdater(catalog, nodeFs, w.locations, { onSkip: (s) => skipped.push(s) });
    await updater.scanAll();
    const history: string[] = [];
    let compared = 0;
    for (let i = 1; i <= operations; i++) {
      const { op, events } = tree.step();
      history.push(`${i}: ${op.split(root).join('<root>')}`);
      for (const event of events) {
        if (event.kind === 'changed') void updater.pathChanged(event.path);
        else void updater.pathDeleted(event.path);
      }
      await updater.settled();
      if (i % compareEvery === 0 || i === operations) {
        const expected = await freshSnapshot(w.locations);
        const actual = snapshot(catalog);
        const strip = (s: Snapshot[]) => JSON.stringify(s, null, 1).split(root).join('<root>');
        assert.deepEqual(
          actual,
          expected,
          `seed ${seed}: the incremental catalog differs from a fresh scan after op ${i}.\n` +
            `last ops:\n${history.slice(-compareEvery).join('\n')}\nactual: ${strip(actual)}\nexpected: ${strip(expected)}`,
        );
        compared++;
      }
    }
    assert.ok(compared >= operations / compareEvery);
    assert.ok(
      !skipped.some((s) => s.path === '(catalog)'),
      `an update step failed: ${JSON.stringify(skipped.filter((s) => s.path === '(catalog)'))}`,
    );
    // The random tree must have had something in it for the comparison to mean anything.
    assert.ok(catalog.size > 0 || history.some((h) => h.includes('create skill')), 'the operations created skills');
  } finally {
    removeDir(root);
  }
}

for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
  test(`property: the incremental catalog equals a fresh scan after random operations (seed ${seed})`, () =>
    runRandomOperations(seed, 300, 4));
}
