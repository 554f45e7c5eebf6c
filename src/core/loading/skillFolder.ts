// Reading inside one skill's folder: its body (fresh from disk), the files it bundles,
// and the guarded read that never leaves the folder (docs/tools.md).
import { describeError, type FileSystem } from '../base/fileSystem';
import {
  MAX_BODY_BYTES,
  MAX_BUNDLED_DEPTH,
  MAX_BUNDLED_FILES_WALKED,
  MAX_FRONTMATTER_BYTES,
  MAX_READ_BYTES,
} from '../base/limits';
import {
  basenamePath,
  dirnamePath,
  isAbsoluteOnAnyPlatform,
  isInside,
  joinPath,
  normalizePath,
  rawSegments,
  samePath,
  toNativePath,
} from '../base/paths';
import { decodeUtf8 } from '../base/text';
import type { SkillFileAnalysis } from '../base/types';
import { ALWAYS_SKIPPED, skillFileIn } from '../catalog/discovery';
import { analyzeSkillText } from '../lint/analyze';

export interface SkillBody {
  readonly analysis: SkillFileAnalysis;
  readonly body: string;
  /** The size of the whole file on disk. */
  readonly fileBytes: number;
}

/** Reads a SKILL.md fresh from disk: its analysis and its body (at most what expansion keeps). */
export async function readSkillBody(fs: FileSystem, filePath: string, unicodeNames = false): Promise<SkillBody> {
  const stat = await fs.stat(filePath);
  if (!stat || stat.kind !== 'file') throw new Error(`${toNativePath(filePath)} does not exist or is not a file`);
  const limit = MAX_FRONTMATTER_BYTES + MAX_BODY_BYTES + 4;
  const bytes = await fs.readFile(filePath, limit);
  const text = decodeUtf8(bytes);
  const complete = bytes.length >= stat.size;
  const analysis = analyzeSkillText(text, {
    folderName: basenamePath(dirnamePath(filePath)),
    fileName: basenamePath(filePath),
    unicodeNames,
    complete,
  });
  const start = analysis.bodyOffset ?? 0;
  const stripped = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return { analysis, body: stripped.slice(start), fileBytes: stat.size };
}

/**
 * Whether a folder nested in a skill's folder that holds its own SKILL.md is served as part of
 * the enclosing skill. That nested skill may be hidden from the model or broken: its files then
 * never reach the model through its parent (docs/tools.md, "Nested skills"). Default: never.
 */
export type NestedSkillServed = (nestedDir: string) => boolean;

const NEVER_SERVED: NestedSkillServed = () => false;

/**
 * The files below a skill folder, relative and sorted, without the skill file itself.
 * A symlinked file is listed only when it resolves inside the folder: readFileInSkill
 * refuses the others, so offering them to the model would only invite a refusal. A nested
 * skill's folder is left out unless `nestedServed` says otherwise.
 */
export async function listBundledFiles(
  fs: FileSystem,
  skillDir: string,
  nestedServed: NestedSkillServed = NEVER_SERVED,
): Promise<string[]> {
  const files: string[] = [];
  const realDir = await fs.realPath(skillDir).catch(() => skillDir);
  const resolvesInside = async (relative: string) => {
    const real = await fs.realPath(joinPath(skillDir, relative)).catch(() => undefined);
    return real !== undefined && !samePath(real, realDir) && isInside(real, realDir);
  };
  const walk = async (relative: string, depth: number): Promise<void> => {
    if (files.length >= MAX_BUNDLED_FILES_WALKED || depth > MAX_BUNDLED_DEPTH) return;
    const folder = relative ? joinPath(skillDir, relative) : skillDir;
    const entries = await fs.readDirectory(folder).catch(() => []);
    if (depth > 0 && skillFileIn(entries) && !nestedServed(folder)) return;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.kind === 'file') {
        const isSkillFile = depth === 0 && entry.name.toLowerCase() === 'skill.md';
        if (!isSkillFile && (!entry.isSymlink || (await resolvesInside(child)))) files.push(child);
      } else if (entry.kind === 'directory' && !entry.isSymlink && !ALWAYS_SKIPPED.has(entry.name)) {
        await walk(child, depth + 1);
      }
      if (files.length >= MAX_BUNDLED_FILES_WALKED) return;
    }
  };
  await walk('', 0);
  return files;
}

export type GuardedReadError = {
  readonly type: 'not_found' | 'invalid_input' | 'outside_skill' | 'too_large';
  readonly message: string;
};

export type GuardedReadResult =
  | { readonly ok: true; readonly path: string; readonly text: string }
  | { readonly ok: false; readonly error: GuardedReadError };

/** Decodes percent-escapes repeatedly, so `%252e%252e` is seen as `..` too. */
function fullyDecoded(text: string): string {
  let current = text;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * Checks a path given by a model: relative, no `..` segment (also once decoded), and,
 * once every symlink is resolved, still inside the skill's folder.
 */
export function checkRelativePath(
  requested: string,
): { ok: true; relative: string } | { ok: false; error: GuardedReadError } {
  const outside = (why: string) => ({ ok: false as const, error: { type: 'outside_skill' as const, message: why } });
  if (typeof requested !== 'string' || requested.trim() === '') {
    return {
      ok: false,
      error: { type: 'invalid_input', message: "'path' must be a non-empty path relative to the skill's folder." },
    };
  }
  if (requested.includes('\0'))
    return { ok: false, error: { type: 'invalid_input', message: "'path' contains a NUL character." } };
  const decoded = fullyDecoded(requested);
  if (isAbsoluteOnAnyPlatform(decoded)) {
    return outside(
      `'${requested}' is absolute; give a path relative to the skill's folder, such as 'references/guide.md'.`,
    );
  }
  // Either separator counts, on every platform: `a\..\..\x` climbs out on Windows.
  const segments = rawSegments(decoded);
  if (segments.some((segment) => segment === '..')) {
    return outside(`'${requested}' climbs out of the skill's folder with '..'; only files inside it can be read.`);
  }
  const relative = normalizePath(segments.join('/'));
  if (relative === '.' || relative === '')
    return {
      ok: false,
      error: { type: 'invalid_input', message: `'${requested}' names the skill's folder itself, not a file.` },
    };
  return { ok: true, relative };
}

/** The nested skill folder (not served) that holds `relative`, if any: each folder on the way is looked at. */
async function withheldNestedFolder(
  fs: FileSystem,
  skillDir: string,
  relative: string,
  nestedServed: NestedSkillServed,
): Promise<string | undefined> {
  const segments = relative.split('/');
  for (let i = 1; i < segments.length; i++) {
    const folder = joinPath(skillDir, segments.slice(0, i).join('/'));
    const entries = await fs.readDirectory(folder).catch(() => []);
    if (skillFileIn(entries) && !nestedServed(folder)) return segments.slice(0, i).join('/');
  }
  return undefined;
}

/**
 * Reads a text file inside a skill folder, refusing anything that resolves outside it, and
 * anything inside a nested skill's folder unless `nestedServed` says that skill is served.
 */
export async function readFileInSkill(
  fs: FileSystem,
  skillDir: string,
  requested: string,
  nestedServed: NestedSkillServed = NEVER_SERVED,
): Promise<GuardedReadResult> {
  const checked = checkRelativePath(requested);
  if (!checked.ok) return checked;
  const nested = await withheldNestedFolder(fs, skillDir, checked.relative, nestedServed);
  if (nested !== undefined) {
    return {
      ok: false,
      error: {
        type: 'outside_skill',
        message: `'${requested}' belongs to the skill nested in '${nested}' (it has its own SKILL.md), not to this skill; it is not read.`,
      },
    };
  }
  const target = joinPath(skillDir, checked.relative);
  let realDir: string;
  let realTarget: string;
  try {
    realDir = await fs.realPath(skillDir);
    realTarget = await fs.realPath(target);
  } catch {
    return { ok: false, error: { type: 'not_found', message: `No file '${checked.relative}' in this skill.` } };
  }
  if (!isInside(realTarget, realDir)) {
    return {
      ok: false,
      error: {
        type: 'outside_skill',
        message: `'${requested}' resolves to a place outside the skill's folder (through a symlink); it is not read.`,
      },
    };
  }
  const stat = await fs.stat(realTarget);
  if (!stat)
    return { ok: false, error: { type: 'not_found', message: `No file '${checked.relative}' in this skill.` } };
  if (stat.kind !== 'file') {
    return { ok: false, error: { type: 'invalid_input', message: `'${checked.relative}' is a folder, not a file.` } };
  }
  if (stat.size > MAX_READ_BYTES) {
    return {
      ok: false,
      error: {
        type: 'too_large',
        message: `'${checked.relative}' has ${stat.size} bytes; at most ${MAX_READ_BYTES} are read.`,
      },
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(realTarget);
  } catch (error) {
    return {
      ok: false,
      error: { type: 'not_found', message: `'${checked.relative}' cannot be read: ${describeError(error)}` },
    };
  }
  if (bytes.includes(0)) {
    return {
      ok: false,
      error: {
        type: 'invalid_input',
        message: `'${checked.relative}' is a binary file; only text files are returned.`,
      },
    };
  }
  return { ok: true, path: checked.relative, text: decodeUtf8(bytes) };
}
