// What a skill bundles beside its SKILL.md (docs/rules.md, "Security"): the scripts' dangerous
// commands (the same techniques as the body's code, at their lines in the script), files that
// nothing references, references more than one level deep, and binary files the skill does
// not mention. A skill folder of someone else's is read before it is trusted: these are the
// files a model may run or read on the skill's word.
import type { FileSystem } from '../base/fileSystem';
import { basenamePath, joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import { LineMap } from '../base/textPositions';
import type { Problem, Range } from '../base/types';
import { findCommandRisks, logicalLines } from './commandRisks';
import { securitySeverity } from './securityRules';

/** Problems of one bundled file, at ranges in that file. */
export interface BundledFileProblems {
  readonly filePath: string;
  readonly problems: readonly Problem[];
}

export interface BundledLint {
  /** Problems about the folder, reported on SKILL.md (at its first line). */
  readonly skillProblems: readonly Problem[];
  /** Problems inside bundled files (scripts). */
  readonly files: readonly BundledFileProblems[];
}

/** Enough for any real skill; a folder beyond it is read up to here (a vendored tree is not a skill's bundle). */
const MAX_FILES = 400;
const MAX_DEPTH = 5;
const MAX_SCRIPT_BYTES = 512 * 1024;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '__pycache__', '.venv', 'venv', 'evals']);
/** Files that are the folder's own, not bundled content. */
const OWN_FILES =
  /^(?:SKILL\.md|actions\.json|LICENSE(?:\.\w+)?|LICENCE(?:\.\w+)?|README(?:\.\w+)?|CHANGELOG(?:\.\w+)?|NOTICE(?:\.\w+)?|\.gitignore|\.DS_Store|package-lock\.json|skills-lock\.json)$/i;
const SCRIPT = /\.(?:sh|bash|zsh|ps1|psm1|py|js|mjs|cjs|ts|rb|pl|php|bat|cmd)$/i;
const BINARY_EXTENSION = /\.(?:exe|dll|so|dylib|bin|jar|class|wasm|pyc|o|a|msi|dmg|app|com|scr)$/i;
const TEXT_EXTENSION =
  /\.(?:md|txt|json|ya?ml|toml|csv|html?|css|xml|svg|ini|cfg|conf|env\.example|sql|graphql|proto)$/i;

/** Every file under the skill folder, relative paths with `/`, SKILL.md's own files left out. */
async function bundledPaths(fs: FileSystem, dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || found.length >= MAX_FILES) return;
    let entries;
    try {
      entries = await fs.readDirectory(folder);
    } catch {
      return;
    }
    // A folder with its own SKILL.md is another skill, with its own lint.
    if (depth > 0 && entries.some((e) => e.kind === 'file' && e.name.toLowerCase() === 'skill.md')) return;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (found.length >= MAX_FILES) return;
      const path = joinPath(folder, entry.name);
      if (entry.kind === 'directory') {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.') && !entry.isSymlink)
          await walk(path, `${prefix}${entry.name}/`, depth + 1);
      } else if (
        entry.kind === 'file' &&
        !entry.isSymlink &&
        !(depth === 0 && OWN_FILES.test(entry.name)) &&
        !entry.name.startsWith('.')
      ) {
        found.push(`${prefix}${entry.name}`);
      }
    }
  };
  await walk(dir, '', 0);
  return found;
}

/** Whether `text` mentions the bundled file: its path, or (for a file not in a subfolder of a subfolder) its name. */
function mentions(text: string, relative: string): boolean {
  if (text.includes(relative)) return true;
  const name = basenamePath(relative);
  return (
    name.length >= 4 && new RegExp(`(^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text)
  );
}

function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  for (const byte of head) if (byte === 0) return true;
  return false;
}

/** What one bundled file gave, kept by its stat: the live lint runs at every pause in typing, and the files beside SKILL.md rarely change meanwhile. */
interface BundledRead {
  readonly mtime: number;
  readonly size: number;
  readonly binary: boolean;
  /** The text of a Markdown, data or script file (what references are looked for in). */
  readonly content?: string;
  readonly scriptProblems: readonly Problem[];
}

const reads = new Map<string, BundledRead>();
const MAX_KEPT_READS = 2000;

/** Reads (or recalls) one bundled file; undefined when it cannot be read. */
async function readBundled(fs: FileSystem, full: string, relative: string): Promise<BundledRead | undefined> {
  const stat = await fs.stat(full).catch(() => undefined);
  if (!stat) return undefined;
  const kept = reads.get(full);
  if (kept && kept.mtime === stat.mtime && kept.size === stat.size) return kept;
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(full, MAX_SCRIPT_BYTES);
  } catch {
    return undefined;
  }
  const binary = BINARY_EXTENSION.test(relative) || looksBinary(bytes);
  const content = binary || !(TEXT_EXTENSION.test(relative) || SCRIPT.test(relative)) ? undefined : decodeUtf8(bytes);
  const read: BundledRead = {
    mtime: stat.mtime,
    size: stat.size,
    binary,
    ...(content !== undefined ? { content } : {}),
    scriptProblems: content !== undefined && SCRIPT.test(relative) ? scriptProblems(content) : [],
  };
  if (reads.size >= MAX_KEPT_READS) reads.clear();
  reads.set(full, read);
  return read;
}

const FIRST_LINE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

/** Reads the skill folder `dir` beside SKILL.md's `text` and lints what it bundles. */
export async function lintBundledFiles(fs: FileSystem, dir: string, text: string): Promise<BundledLint> {
  const paths = await bundledPaths(fs, dir);
  if (paths.length === 0) return { skillProblems: [], files: [] };
  let actions = '';
  try {
    actions = decodeUtf8(await fs.readFile(joinPath(dir, 'actions.json'), 64 * 1024));
  } catch {
    actions = '';
  }
  const skillProblems: Problem[] = [];
  const files: BundledFileProblems[] = [];
  const contents = new Map<string, string>();
  for (const relative of paths) {
    const full = joinPath(dir, relative);
    const read = await readBundled(fs, full, relative);
    if (!read) continue;
    if (read.binary) {
      if (!mentions(text, relative) && !mentions(actions, relative)) {
        skillProblems.push({
          code: 'unmentioned-binary',
          severity: securitySeverity('unmentioned-binary'),
          message: `The skill bundles a binary file that SKILL.md never mentions: ${relative}. A program nobody can read should at least say what it is and where it comes from; remove it if the skill does not need it.`,
          range: FIRST_LINE,
        });
      }
      continue;
    }
    if (read.content !== undefined) contents.set(relative, read.content);
    if (read.scriptProblems.length > 0) files.push({ filePath: full, problems: read.scriptProblems });
  }
  // Referenced: named by SKILL.md or actions.json (one level), or by a file they reference (two levels).
  const direct = new Set(paths.filter((p) => mentions(text, p) || mentions(actions, p)));
  for (const relative of paths) {
    if (direct.has(relative) || !contents.has(relative)) continue;
    const via = [...direct].find(
      (parent) => /\.md$/i.test(parent) && contents.has(parent) && mentions(contents.get(parent)!, relative),
    );
    if (via) {
      skillProblems.push({
        code: 'nested-reference',
        severity: securitySeverity('nested-reference'),
        message: `${relative} is reached only through ${via}: references more than one level deep from SKILL.md may be read in part or missed. Link it from SKILL.md directly.`,
        range: FIRST_LINE,
      });
      continue;
    }
    skillProblems.push({
      code: 'unreferenced-file',
      severity: securitySeverity('unreferenced-file'),
      message: `Nothing references ${relative}: not SKILL.md, actions.json or a file they link to. The model will not know it is there; link it where it is needed, or remove it.`,
      range: FIRST_LINE,
    });
  }
  return { skillProblems, files };
}

/** The command risks of a script, at their lines. */
export function scriptProblems(content: string): Problem[] {
  const lines = new LineMap(content);
  const problems: Problem[] = [];
  for (const { start, text: code } of logicalLines(content)) {
    for (const risk of findCommandRisks(code)) {
      const shown = code.slice(risk.start, risk.end);
      problems.push({
        code: risk.code,
        severity: securitySeverity(risk.code),
        message: `This script ${risk.what} (${shown.length > 80 ? `${shown.slice(0, 79)}…` : shown}).`,
        range: lines.rangeOf(start + risk.start, start + risk.end),
      });
    }
  }
  return problems;
}
