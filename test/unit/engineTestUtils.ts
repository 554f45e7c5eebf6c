// Helpers shared by the engine and CLI tests: temp trees, skill files, synthetic records.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { testPath as path } from './testPaths';
import type { SkillLocation } from '../../src/core/catalog/locations';
import type { SkillRecord } from '../../src/core/catalog/skillRecord';
import type { Problem } from '../../src/core/base/types';

/** A fresh temp folder: its real path in the core's canonical form, so that symlink-resolving code sees the same string. */
export function makeTempDir(prefix = 'skillsmith-test-'): string {
  return path.resolve(fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), prefix))));
}

/**
 * Makes a symlink and says whether it exists afterwards. Where links cannot be made (Windows
 * without Developer Mode, Wine, where symlinkSync may even succeed without creating anything),
 * the caller skips, with that reason.
 */
export function trySymlink(target: string, linkPath: string, type?: 'file' | 'dir'): boolean {
  try {
    fs.symlinkSync(target, linkPath, type);
    return fs.lstatSync(linkPath).isSymbolicLink();
  } catch {
    return false;
  }
}

export const NO_SYMLINKS = 'symbolic links cannot be created on this system';

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Copies a folder tree, links kept as links. Not fs.cpSync: the Windows build of Node 22 dies
 * (0xC0000409, no message) when cpSync's source path holds non-ASCII characters, as corpus
 * folders such as `gstack-中文` do.
 */
export function copyTree(source: string, target: string): void {
  fs.mkdirSync(target, { recursive: true });
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    const from = nodePath.join(source, entry.name);
    const to = nodePath.join(target, entry.name);
    if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
    else if (entry.isDirectory()) copyTree(from, to);
    else fs.copyFileSync(from, to);
  }
}

/** Writes a file, creating its folders. */
export function writeFile(filePath: string, content: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  fs.writeFileSync(filePath, content);
}

/** The text of a valid SKILL.md. */
export function skillText(name: string, description: string, body = 'Do the thing.\n', extra = ''): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${body}`;
}

/** Writes `<parent>/<folder>/SKILL.md` (folder defaults to the name) and returns its path. */
export function writeSkill(
  parent: string,
  name: string,
  description = `Does ${name} things. Use when asked.`,
  options: { folder?: string; body?: string; extra?: string; fileName?: string } = {},
): string {
  const filePath = path.join(parent, options.folder ?? name, options.fileName ?? 'SKILL.md');
  writeFile(filePath, skillText(name, description, options.body, options.extra));
  return filePath;
}

/** A synthetic location (no file system involved). */
export function location(
  locPath: string,
  rank: number,
  scope: 'workspace' | 'user' = 'workspace',
  label = path.basename(locPath),
): SkillLocation {
  return { path: locPath, label, scope, rank, root: scope === 'workspace' ? path.dirname(locPath) : undefined };
}

/** A synthetic catalog record. */
export function record(loc: SkillLocation, name: string, overrides: Partial<SkillRecord> = {}): SkillRecord {
  const folderName = overrides.folderName ?? name;
  const dir = overrides.dir ?? `${loc.path}/${folderName}`;
  return {
    filePath: `${dir}/SKILL.md`,
    dir,
    folderName,
    location: loc,
    name,
    declaredName: name,
    nameRange: { start: { line: 1, character: 6 }, end: { line: 1, character: 6 + name.length } },
    description: `Does ${name} things.`,
    hidden: false,
    problems: [],
    hasErrors: false,
    mtime: 0,
    size: 0,
    ...overrides,
  };
}

/** An error problem for synthetic records. */
export function errorProblem(code: Problem['code'] = 'description-missing'): Problem {
  return {
    code,
    severity: 'error',
    message: 'broken',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } },
  };
}

/** Walks up from `start` to the folder that holds package.json. */
export function findRepoRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
}

/** True when the temp folder's file system tells `A` from `a`. */
export function isCaseSensitive(dir: string): boolean {
  const probe = path.join(dir, `CaseProbe-${process.pid}`);
  fs.writeFileSync(probe, '');
  try {
    return !fs.existsSync(path.join(dir, path.basename(probe).toLowerCase()));
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/** The newest modification time of the sources the CLI bundle is built from. */
function newestCliSourceMtime(repo: string): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    else if (entry.endsWith('.ts')) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const part of ['src/cli.ts', 'src/cli', 'src/core', 'src/node']) visit(path.join(repo, part));
  return newest;
}

/** The path of dist/cli.js, built first when it is missing or older than its sources. */
export function builtCli(repo: string = findRepoRoot()): string {
  const cli = path.join(repo, 'dist', 'cli.js');
  if (!fs.existsSync(cli) || fs.statSync(cli).mtimeMs < newestCliSourceMtime(repo)) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repo, stdio: 'inherit' });
  }
  return cli;
}

/**
 * Runs the built CLI in `cwd` as a user with no git: `home` is HOME (and USERPROFILE), and PATH
 * holds nothing, so the result does not depend on what the machine has installed.
 */
export function runCliWithoutGit(cli: string, args: string[], cwd: string, home: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, HOME: home, USERPROFILE: home, PATH: path.join(home, 'no-bin') },
    input: '',
    timeout: 60_000,
  });
}
