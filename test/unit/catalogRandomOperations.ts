// The catalog's property test: random file operations in a temp workspace, each reported to the
// CatalogUpdater as the watcher would, and the catalog compared with a fresh full scan. The unit
// suite runs two seeds (scanAndUpdater.test.ts), the fuzz suite the rest.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { testPath as path } from './testPaths';
import { createSkillCatalog } from '../../src/core/access/policy';
import { type CatalogEntry, type SkillCatalog } from '../../src/core/catalog/catalog';
import { CatalogUpdater } from '../../src/core/catalog/catalogUpdater';
import { resolveLocations, type SkillLocation } from '../../src/core/catalog/locations';
import { type SkippedPath } from '../../src/core/catalog/discovery';
import { NodeFileSystem } from '../../src/node/nodeFileSystem';
import { makeTempDir, removeDir, skillText } from './engineTestUtils';
import { seededRandom } from '../seededRandom';

const nodeFs = new NodeFileSystem();

export interface Workspace {
  readonly root: string;
  readonly ws: string;
  readonly home: string;
  readonly locations: SkillLocation[];
}

export function makeWorkspace(root: string): Workspace {
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

export interface Snapshot {
  filePath: string;
  name: string;
  description: string | undefined;
  status: CatalogEntry['status'];
  codes: string[];
}

export function snapshot(catalog: SkillCatalog): Snapshot[] {
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

export async function freshSnapshot(locations: readonly SkillLocation[]): Promise<Snapshot[]> {
  const catalog = createSkillCatalog();
  await new CatalogUpdater(catalog, nodeFs, locations).scanAll();
  return snapshot(catalog);
}

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

export async function runRandomOperations(seed: number, operations: number, compareEvery: number): Promise<void> {
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
