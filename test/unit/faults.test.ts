// File-system faults during discovery and loading: files that vanish between discovery
// and read, permission errors (injected: the tests run as root, where chmod denies nothing),
// a SKILL.md that is a folder, symlink loops, a skill linked in from outside the workspace,
// and very large files. Nothing may crash: each fault is a problem, or a skip whose reason
// reaches CatalogUpdater's onSkip (and from there the output channel).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { testPath as path } from './testPaths';
import { analyzeSkillText } from '../../src/core/lint/analyze';
import { createSkillCatalog } from '../../src/core/access/policy';
import { type SkillCatalog } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import type { DirectoryEntry, EntryStat, FileSystem, HeadRead } from '../../src/core/base/fileSystem';
import { resolveLocations, type SkillLocation } from '../../src/core/catalog/locations';
import type { SkippedPath } from '../../src/core/catalog/discovery';
import { runLoadSkill, runReadSkillFile, type ToolContext } from '../../src/core/loading/tools';
import { validateSkillFile } from '../../src/core/lint/validateFile';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { makeTempDir, NO_SYMLINKS, removeDir, skillText, trySymlink, writeFile, writeSkill } from './engineTestUtils';

/** The error Node gives for a denied open or readdir. */
function permissionDenied(syscall: string, target: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EACCES: permission denied, ${syscall} '${target}'`), {
    code: 'EACCES',
    errno: -13,
    syscall,
    path: target,
  });
}

/**
 * NodeFileSystem with faults injected per path: reads that are denied (EACCES), files that
 * vanish just before they are read, or just after their first read. It counts the bytes
 * it hands out. `withHead: false` drops the bulk reads (readHeads, readDirectories), as a
 * remote workspace has none: the scan then takes the per-file stat + readFile path.
 */
class FaultyFileSystem implements FileSystem {
  readonly denied = new Set<string>();
  readonly vanishBeforeRead = new Set<string>();
  readonly vanishAfterFirstRead = new Set<string>();
  bytesRead = 0;
  readonly readHeads?: (paths: readonly string[], maxBytes: number) => Promise<HeadRead[]>;
  readonly readDirectories?: (paths: readonly string[]) => Promise<(DirectoryEntry[] | Error)[]>;
  private readonly inner = new NodeFileSystem();

  constructor(withHead = true) {
    if (withHead) {
      // The bulk reads of NodeFileSystem, one path at a time, so that each path's fault applies.
      this.readHeads = (paths, maxBytes) =>
        Promise.all(
          paths.map(async (p): Promise<HeadRead> => {
            try {
              this.beforeRead(p, 'open');
            } catch (error) {
              return error as Error;
            }
            const [head] = await this.inner.readHeads([p], maxBytes);
            if (head && !(head instanceof Error)) this.afterRead(p, head.bytes);
            return head;
          }),
        );
      this.readDirectories = (paths) =>
        Promise.all(
          paths.map(async (p) =>
            this.denied.has(p) ? permissionDenied('scandir', p) : (await this.inner.readDirectories([p]))[0],
          ),
        );
    }
  }

  stat(p: string): Promise<EntryStat | undefined> {
    return this.inner.stat(p);
  }

  async readDirectory(p: string): Promise<DirectoryEntry[]> {
    if (this.denied.has(p)) throw permissionDenied('scandir', p);
    return this.inner.readDirectory(p);
  }

  async readFile(p: string, maxBytes?: number): Promise<Uint8Array> {
    this.beforeRead(p, 'open');
    const bytes = await this.inner.readFile(p, maxBytes);
    this.afterRead(p, bytes);
    return bytes;
  }

  realPath(p: string): Promise<string> {
    return this.inner.realPath(p);
  }

  private beforeRead(p: string, syscall: string): void {
    if (this.denied.has(p)) throw permissionDenied(syscall, p);
    if (this.vanishBeforeRead.delete(p)) fs.rmSync(p, { force: true });
  }

  private afterRead(p: string, bytes: Uint8Array): void {
    this.bytesRead += bytes.length;
    if (this.vanishAfterFirstRead.delete(p)) fs.rmSync(p, { force: true });
  }
}

interface Workspace {
  readonly root: string;
  readonly skills: string;
  readonly locations: SkillLocation[];
}

async function withWorkspace(body: (w: Workspace) => Promise<void>): Promise<void> {
  const root = makeTempDir('skillsmith-faults-');
  try {
    const ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'skills'), { recursive: true });
    const locations = resolveLocations({
      workspaceFolders: [ws],
      home: path.join(root, 'home'),
      configured: ['skills'],
    });
    await body({ root, skills: path.join(ws, 'skills'), locations });
  } finally {
    removeDir(root);
  }
}

interface Scan {
  readonly catalog: SkillCatalog;
  readonly skipped: SkippedPath[];
  readonly updater: CatalogUpdater;
}

async function scan(w: Workspace, fileSystem: FileSystem): Promise<Scan> {
  const catalog = createSkillCatalog();
  const skipped: SkippedPath[] = [];
  const updater = new CatalogUpdater(catalog, fileSystem, w.locations, { onSkip: (s) => skipped.push(s) });
  await updater.scanAll();
  return { catalog, skipped, updater };
}

/** The one skip reported for `target`, checked to say something specific. */
function skipFor(skipped: readonly SkippedPath[], target: string, reason: RegExp): SkippedPath {
  const found = skipped.filter((s) => s.path === target);
  assert.equal(found.length, 1, `one skip for ${target}; got ${JSON.stringify(skipped)}`);
  assert.match(found[0].reason, reason);
  return found[0];
}

/** No update step threw: CatalogUpdater reports a thrown step as a '(catalog)' skip. */
function assertNoCrash(skipped: readonly SkippedPath[]): void {
  const crashes = skipped.filter((s) => s.path === '(catalog)');
  assert.deepEqual(crashes, [], 'an update step threw');
}

function names(catalog: SkillCatalog): string[] {
  return catalog.entries().map((e) => e.record.name);
}

for (const withHead of [true, false]) {
  const mode = withHead ? 'bulk reads' : 'stat + readFile';

  test(`a SKILL.md deleted between discovery and read is skipped as gone (${mode})`, () =>
    withWorkspace(async (w) => {
      const gone = writeSkill(w.skills, 'gone');
      writeSkill(w.skills, 'kept');
      const faulty = new FaultyFileSystem(withHead);
      faulty.vanishBeforeRead.add(gone);
      const { catalog, skipped } = await scan(w, faulty);
      assert.deepEqual(names(catalog), ['kept']);
      skipFor(skipped, gone, /no longer exists|ENOENT|no such file/);
      assertNoCrash(skipped);
    }));

  test(`a SKILL.md deleted between its first and second read is skipped (${mode})`, () =>
    withWorkspace(async (w) => {
      // A frontmatter longer than the first read makes readSkillRecord read again.
      const metadata = Array.from({ length: 300 }, (_, i) => `  key-${i}: value ${i} with some padding text`).join(
        '\n',
      );
      const long = path.join(w.skills, 'long/SKILL.md');
      writeFile(long, `---\nname: long\nmetadata:\n${metadata}\ndescription: Late.\n---\nBody.\n`);
      const faulty = new FaultyFileSystem(withHead);
      faulty.vanishAfterFirstRead.add(long);
      const { catalog, skipped } = await scan(w, faulty);
      assert.equal(catalog.size, 0);
      skipFor(skipped, long, /no longer exists|ENOENT|no such file/);
      assertNoCrash(skipped);
    }));

  test(`a SKILL.md that cannot be read (EACCES) is skipped with the error (${mode})`, () =>
    withWorkspace(async (w) => {
      const denied = writeSkill(w.skills, 'secret');
      writeSkill(w.skills, 'open');
      const faulty = new FaultyFileSystem(withHead);
      faulty.denied.add(denied);
      const { catalog, skipped, updater } = await scan(w, faulty);
      assert.deepEqual(names(catalog), ['open']);
      const skip = skipFor(skipped, denied, /^cannot read: EACCES: permission denied/);
      assert.ok(skip.reason.includes(denied), skip.reason);
      // The watcher's path: an event for the file is skipped the same way.
      skipped.length = 0;
      await updater.pathChanged(denied);
      assert.deepEqual(names(catalog), ['open']);
      skipFor(skipped, denied, /permission denied/);
      assertNoCrash(skipped);
    }));
}

test('a skill folder that cannot be listed (EACCES) is skipped with the error', () =>
  withWorkspace(async (w) => {
    writeSkill(w.skills, 'locked');
    writeSkill(w.skills, 'fine');
    const faulty = new FaultyFileSystem();
    const locked = path.join(w.skills, 'locked');
    faulty.denied.add(locked);
    const { catalog, skipped } = await scan(w, faulty);
    assert.deepEqual(names(catalog), ['fine']);
    skipFor(skipped, locked, /^cannot read folder: EACCES: permission denied/);
    assertNoCrash(skipped);
  }));

test('a SKILL.md that is a folder is skipped as not a file, in a scan and on an event', () =>
  withWorkspace(async (w) => {
    const odd = path.join(w.skills, 'odd/SKILL.md');
    fs.mkdirSync(odd, { recursive: true });
    writeSkill(w.skills, 'fine');
    const { catalog, skipped, updater } = await scan(w, new FaultyFileSystem());
    assert.deepEqual(names(catalog), ['fine']);
    skipFor(skipped, odd, /SKILL\.md is not a file/);
    skipped.length = 0;
    await updater.pathChanged(odd);
    await updater.pathChanged(path.dirname(odd));
    assert.deepEqual(names(catalog), ['fine']);
    assert.ok(
      skipped.every((s) => s.path === odd && /not a file/.test(s.reason)),
      JSON.stringify(skipped),
    );
    assertNoCrash(skipped);
    // The tools refuse it too: it is not a skill.
    const context: ToolContext = { catalog, fs: new NodeFileSystem(), budget: 12000, requester: 'model' };
    const load = await runLoadSkill(context, { name: 'odd' });
    assert.equal(load.ok, false);
  }));

test('symlink loops end the walk, with the loop named in the reason', (t) =>
  withWorkspace(async (w) => {
    writeSkill(w.skills, 'a');
    const self = path.join(w.skills, 'a/self');
    const up = path.join(w.skills, 'a/up');
    if (!trySymlink(path.join(w.skills, 'a'), self, 'dir')) return t.skip(NO_SYMLINKS);
    fs.symlinkSync(w.skills, up, 'dir');
    fs.mkdirSync(path.join(w.skills, 'x'));
    fs.mkdirSync(path.join(w.skills, 'y'));
    fs.symlinkSync(path.join(w.skills, 'y'), path.join(w.skills, 'x/to-y'), 'dir');
    fs.symlinkSync(path.join(w.skills, 'x'), path.join(w.skills, 'y/to-x'), 'dir');
    // Two links to each other: a loop that never reaches a folder.
    fs.symlinkSync(path.join(w.skills, 'ping'), path.join(w.skills, 'pong'));
    fs.symlinkSync(path.join(w.skills, 'pong'), path.join(w.skills, 'ping'));
    const { catalog, skipped, updater } = await scan(w, new FaultyFileSystem());
    assert.deepEqual(names(catalog), ['a']);
    skipFor(skipped, self, /^symlink loop: points back to /);
    skipFor(skipped, up, /^symlink loop: points back to /);
    assert.ok(
      skipped.some((s) => /to-[xy]$/.test(s.path) && /symlink loop/.test(s.reason)),
      JSON.stringify(skipped),
    );
    // Events for the looping skill, and inside the loops, find no phantom copies of it:
    // the catalog stays what a full scan gives.
    await updater.pathChanged(path.join(w.skills, 'a/SKILL.md'));
    await updater.pathChanged(path.join(w.skills, 'a'));
    await updater.pathChanged(path.join(self, 'SKILL.md'));
    await updater.pathChanged(path.join(self, 'self/self/SKILL.md'));
    await updater.pathChanged(path.join(up, 'a/SKILL.md'));
    await updater.pathChanged(path.join(w.skills, 'x/to-y/to-x'));
    await updater.pathDeleted(path.join(w.skills, 'ping'));
    assert.deepEqual(
      catalog.entries().map((e) => e.record.filePath),
      [path.join(w.skills, 'a/SKILL.md')],
    );
    // An event for the loop's link itself (as when it is created) names the loop too.
    skipped.length = 0;
    await updater.pathChanged(up);
    skipFor(skipped, up, /^symlink loop: points back to /);
    assertNoCrash(skipped);
  }));

test('a skill folder symlinked from outside the workspace is followed and offered', (t) =>
  withWorkspace(async (w) => {
    const outside = path.join(w.root, 'elsewhere');
    writeSkill(outside, 'shared', 'A shared skill. Use when sharing.', { body: 'Read references/notes.md.\n' });
    writeFile(path.join(outside, 'shared/references/notes.md'), 'Shared notes.\n');
    const link = path.join(w.skills, 'shared');
    if (!trySymlink(path.join(outside, 'shared'), link, 'dir')) return t.skip(NO_SYMLINKS);
    const { catalog, skipped } = await scan(w, new FaultyFileSystem());
    const entry = catalog.get('shared');
    assert.ok(entry, JSON.stringify(skipped));
    assert.equal(entry.status, 'offered');
    assert.equal(entry.record.filePath, path.join(link, 'SKILL.md'), 'the path stays the one below the location');
    assert.deepEqual(skipped, []);
    const context: ToolContext = { catalog, fs: new NodeFileSystem(), budget: 12000, requester: 'model' };
    assert.deepEqual(catalog.listing(12000).included, ['shared']);
    const load = await runLoadSkill(context, { name: 'shared' });
    assert.ok(
      load.ok && load.text.startsWith(`Base directory for this skill: ${path.native(link)}\n`),
      JSON.stringify(load),
    );
    assert.match(load.text, /- references\/notes\.md/);
    const read = await runReadSkillFile(context, { name: 'shared', path: 'references/notes.md' });
    assert.ok(read.ok && read.text === 'Shared notes.\n', JSON.stringify(read));
  }));

test('a 10 MB SKILL.md: the scan reads its head only; loading cuts the body at 256 KiB, with a notice', () =>
  withWorkspace(async (w) => {
    const filePath = path.join(w.skills, 'huge/SKILL.md');
    const line = 'Step: do the next thing carefully and report back.\n';
    writeFile(
      filePath,
      skillText(
        'huge',
        'A very large skill. Use when testing limits.',
        line.repeat(Math.ceil((10 * 1024 * 1024) / line.length)),
      ),
    );
    const size = fs.statSync(filePath).size;
    assert.ok(size >= 10 * 1024 * 1024);
    for (const withHead of [true, false]) {
      const faulty = new FaultyFileSystem(withHead);
      const { catalog, skipped } = await scan(w, faulty);
      assert.deepEqual(skipped, []);
      assert.equal(catalog.get('huge')?.status, 'offered');
      assert.ok(faulty.bytesRead <= 64 * 1024, `the scan read ${faulty.bytesRead} bytes (readHead: ${withHead})`);

      const load = await runLoadSkill(
        { catalog, fs: faulty, budget: 12000, requester: 'model' },
        { name: 'huge', args: 'now' },
      );
      assert.ok(load.ok, JSON.stringify(load));
      assert.ok(
        load.text.startsWith(
          `Base directory for this skill: ${path.native(path.dirname(filePath))}\n\nStep: do the next thing`,
        ),
      );
      assert.match(load.text, /\[Skillsmith: the body was cut at 256 KiB; SKILL\.md holds 10240 KiB\./);
      assert.ok(
        load.text.length > 256 * 1024 - 1024 && load.text.length < 260 * 1024,
        `expansion of ${load.text.length} chars`,
      );
      assert.ok(faulty.bytesRead < 2 * 1024 * 1024, `loading read ${faulty.bytesRead} bytes, not the whole file`);
    }
  }));

test('a SKILL.md of 5,000 lines lints without error (info: body-too-long)', () =>
  withWorkspace(async (w) => {
    const body = Array.from({ length: 5000 }, (_, i) =>
      i % 50 === 0
        ? `## Part ${i / 50}\n`
        : `Line ${i}: see \`references/guide.md\` and [the guide](references/guide.md).\n`,
    ).join('');
    const filePath = writeSkill(w.skills, 'long-one', 'A long skill. Use when testing long files.', { body });
    writeFile(path.join(w.skills, 'long-one/references/guide.md'), 'Guide.\n');
    const analysis = analyzeSkillText(fs.readFileSync(filePath, 'utf8'), { folderName: 'long-one' });
    assert.deepEqual(
      analysis.problems.map((p) => `${p.code}:${p.severity}`),
      ['body-too-long:info'],
    );
    const validated = await validateSkillFile(new NodeFileSystem(), filePath);
    assert.deepEqual(
      validated.problems.map((p) => p.code),
      ['body-too-long'],
      'every link resolves',
    );
    const { catalog, skipped } = await scan(w, new FaultyFileSystem());
    assert.deepEqual(skipped, []);
    assert.equal(catalog.get('long-one')?.status, 'offered');
  }));
