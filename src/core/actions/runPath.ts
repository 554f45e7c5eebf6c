// The guard on an action's argv (docs/actions.md, "run"): `run[0]` is a program looked up on
// PATH (a bare name such as `node`) or a file inside the skill's folder; every later item
// that names a path must stay inside the folder too. The same checks as the read tool
// (loading/skillFolder.ts): no absolute path, no `..`, and no symlink that resolves outside.
import type { FileSystem } from '../base/fileSystem';
import { dirnamePath, isInside, joinPath, samePath } from '../base/paths';
import { checkRelativePath } from '../loading/skillFolder';

/** What to start: a program name for PATH lookup, or an absolute file inside the skill. */
export type ResolvedProgram = { readonly kind: 'path-lookup'; readonly name: string } | { readonly kind: 'file'; readonly path: string };

export type ResolvedRun =
  | { readonly ok: true; readonly program: ResolvedProgram; readonly args: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** True for an argv item that names a path rather than a word or an option. */
export function looksLikePath(item: string): boolean {
  return !item.startsWith('-') && (/[\\/]/.test(item) || item === '.' || item === '..' || /^[a-zA-Z]:/.test(item) || item.startsWith('~'));
}

/** The real path of `path`, or of its nearest existing ancestor when it does not exist yet. */
async function realPathOfNearest(fs: FileSystem, path: string): Promise<string | undefined> {
  let current = path;
  for (;;) {
    const real = await fs.realPath(current).catch(() => undefined);
    if (real !== undefined) return real;
    const parent = dirnamePath(current);
    if (samePath(parent, current)) return undefined;
    current = parent;
  }
}

/** Checks that `item` is relative and resolves inside `realDir`; returns why not. */
async function escapes(fs: FileSystem, skillDir: string, realDir: string, item: string): Promise<string | undefined> {
  const checked = checkRelativePath(item);
  if (!checked.ok) return checked.error.message.replace(/'path'/g, `'${item}'`);
  const real = await realPathOfNearest(fs, joinPath(skillDir, checked.relative));
  if (real === undefined || !isInside(real, realDir)) return `'${item}' resolves to a place outside the skill's folder (through a symlink).`;
  return undefined;
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
    if (!stat || stat.kind !== 'file') return { ok: false, message: `The action's program '${first}' does not exist in the skill's folder.` };
    program = { kind: 'file', path: file };
  }
  for (const item of rest) {
    if (!looksLikePath(item)) continue;
    const why = await escapes(fs, skillDir, realDir, item);
    if (why) return { ok: false, message: `The action's argument ${why}` };
  }
  return { ok: true, program, args: rest };
}
