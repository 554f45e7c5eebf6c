// The guard on an action's argv (docs/actions.md, "What the guard sees"): `run[0]` is a program
// looked up on PATH (a bare name such as `node`) or a file inside the skill's folder. Every
// later item that names a place is checked the same way as the read tool's paths
// (loading/skillFolder.ts): no absolute path, no `..`, no symlink that resolves outside. An
// item names a place when it looks like a path (`scripts/x.js`, `.`), when it is the value of
// an option (`--require=/x`), or when an entry of that name exists in the skill's folder
// (`lx.js`, which may be a link to anywhere). What the guard cannot see is code handed to an
// interpreter (`sh -c '…'`, `node -e '…'`): the confirmation is the boundary there.
import type { FileSystem } from '../base/fileSystem';
import { isInside, joinPath, pathKey, rawSegments } from '../base/paths';
import { checkRelativePath } from '../loading/skillFolder';

/** What to start: a program name for PATH lookup, or an absolute file inside the skill. */
export type ResolvedProgram =
  { readonly kind: 'path-lookup'; readonly name: string } | { readonly kind: 'file'; readonly path: string };

export type ResolvedRun =
  | { readonly ok: true; readonly program: ResolvedProgram; readonly args: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** True for an argv item that names a path rather than a word or an option. */
export function looksLikePath(item: string): boolean {
  return (
    !item.startsWith('-') &&
    (/[\\/]/.test(item) || item === '.' || item === '..' || /^[a-zA-Z]:/.test(item) || item.startsWith('~'))
  );
}

/** The part of an argv item that may name a place: the value of `--opt=value`, or the item. */
export function placeOf(item: string): string | undefined {
  if (!item.startsWith('-')) return item;
  const equals = item.indexOf('=');
  return equals > 0 ? item.slice(equals + 1) : undefined;
}

/**
 * Walks `relative` from the skill's folder entry by entry, following each link, and says
 * why it leaves the folder (undefined when it stays inside, or when the rest does not exist).
 */
async function leavesFolder(
  fs: FileSystem,
  skillDir: string,
  realDir: string,
  relative: string,
): Promise<string | undefined> {
  let current = skillDir;
  for (const segment of rawSegments(relative)) {
    if (segment === '.') continue;
    const entries = await fs.readDirectory(current).catch(() => undefined);
    const entry = entries?.find((e) => pathKey(joinPath(current, e.name)) === pathKey(joinPath(current, segment)));
    if (!entry) return undefined;
    current = joinPath(current, entry.name);
    if (!entry.isSymlink) continue;
    const real = await fs.realPath(current).catch(() => undefined);
    if (real === undefined) return 'is a symlink that points at nothing';
    if (!isInside(real, realDir)) return "resolves to a place outside the skill's folder (through a symlink)";
    current = real;
  }
  return undefined;
}

/** Checks that `place` is relative and stays inside the skill's folder; returns why not. */
async function escapes(fs: FileSystem, skillDir: string, realDir: string, place: string): Promise<string | undefined> {
  if (place === '.' || place === './') return undefined;
  const checked = checkRelativePath(place);
  if (!checked.ok) return checked.error.message.replace(/'path'/g, `'${place}'`);
  const why = await leavesFolder(fs, skillDir, realDir, checked.relative);
  return why ? `'${place}' ${why}.` : undefined;
}

/** Whether an entry called `name` exists directly in the folder (a link to nowhere counts). */
async function hasEntry(fs: FileSystem, skillDir: string, name: string): Promise<boolean> {
  const entries = await fs.readDirectory(skillDir).catch(() => []);
  return entries.some((e) => pathKey(joinPath(skillDir, e.name)) === pathKey(joinPath(skillDir, name)));
}

/** Resolves and checks an action's argv against its skill folder. */
export async function resolveRun(fs: FileSystem, skillDir: string, run: readonly string[]): Promise<ResolvedRun> {
  const realDir = await fs.realPath(skillDir).catch(() => undefined);
  if (realDir === undefined) return { ok: false, message: `The skill's folder ${skillDir} cannot be read.` };
  const [first, ...rest] = run;
  let program: ResolvedProgram;
  if (!looksLikePath(first) && !first.startsWith('.')) {
    program = { kind: 'path-lookup', name: first };
  } else {
    const why = await escapes(fs, skillDir, realDir, first);
    if (why) return { ok: false, message: `The action's program ${why}` };
    const file = joinPath(skillDir, first);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || stat.kind !== 'file')
      return { ok: false, message: `The action's program '${first}' does not exist in the skill's folder.` };
    program = { kind: 'file', path: file };
  }
  for (const item of rest) {
    const place = placeOf(item);
    if (place === undefined || place === '') continue;
    if (!looksLikePath(place) && !(await hasEntry(fs, skillDir, place))) continue;
    const why = await escapes(fs, skillDir, realDir, place);
    if (why) return { ok: false, message: `The action's argument ${item === place ? why : `'${item}': ${why}`}` };
  }
  return { ok: true, program, args: rest };
}
