// What a skill bundles beside its SKILL.md (docs/rules.md, "Security"): the scripts' dangerous
// commands (the same techniques as the body's code, at their lines in the script), files that
// nothing references, references more than one level deep, and binary files the skill does
// not mention. A skill folder of someone else's is read before it is trusted: these are the
// files a model may run or read on the skill's word.
import { mayRecall, type FileSystem } from '../base/fileSystem';
import { basenamePath, dirnamePath, joinPath } from '../base/paths';
import { decodeUtf8 } from '../base/text';
import { LineMap } from '../base/textPositions';
import type { Problem, Range } from '../base/types';
import { findCodeRisks, logicalLines } from './commandRisks';
import { riskMessage } from './riskMessage';
import { securitySeverity, withAstClass } from './securityRules';
import { markdownProblems } from './referenceCode';

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
/** Hidden files that are read anyway: a shell runs them at each start (an alias there is a command). */
const SHELL_STARTUP = /^\.(?:bashrc|zshrc|profile|bash_profile|zprofile)$/;
// Container builds and shell start-up files run commands too (a Dockerfile's RUN, an rc file's aliases).
const SCRIPT =
  /\.(?:sh|bash|zsh|ps1|psm1|py|js|mjs|cjs|ts|rb|pl|php|bat|cmd|dockerfile)$|(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w-]+)?$|(?:^|\/)\.(?:bashrc|zshrc|profile|bash_profile|zprofile)$/i;
/** Programs by their extension: never data or text, whatever their bytes (the add's review reads them so too). */
export const BINARY_EXTENSION = /\.(?:exe|dll|so|dylib|bin|jar|class|wasm|pyc|o|a|msi|dmg|app|com|scr)$/i;
const TEXT_EXTENSION =
  /\.(?:md|txt|json|ya?ml|toml|csv|html?|css|xml|svg|ini|cfg|conf|env\.example|sql|graphql|proto)$/i;

/** Every file under the skill folder, relative paths with `/`, SKILL.md's own files left out; `capped` when a cap left some unread. */
async function bundledPaths(fs: FileSystem, dir: string): Promise<{ paths: string[]; capped: string[] }> {
  const found: string[] = [];
  const capped: string[] = [];
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) {
      if (!capped.includes('depth')) capped.push('depth');
      return;
    }
    if (found.length >= MAX_FILES) return;
    let entries;
    try {
      entries = await fs.readDirectory(folder);
    } catch {
      return;
    }
    // A folder with its own SKILL.md is another skill, with its own lint.
    if (depth > 0 && entries.some((e) => e.kind === 'file' && e.name.toLowerCase() === 'skill.md')) return;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (found.length >= MAX_FILES) {
        if (!capped.includes('files')) capped.push('files');
        return;
      }
      const path = joinPath(folder, entry.name);
      if (entry.kind === 'directory') {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.') && !entry.isSymlink)
          await walk(path, `${prefix}${entry.name}/`, depth + 1);
      } else if (
        entry.kind === 'file' &&
        !entry.isSymlink &&
        !(depth === 0 && OWN_FILES.test(entry.name)) &&
        (!entry.name.startsWith('.') || SHELL_STARTUP.test(entry.name))
      ) {
        found.push(`${prefix}${entry.name}`);
      }
    }
  };
  await walk(dir, '', 0);
  return { paths: found, capped };
}

const PROJECT_FILE = /^(?:pyproject\.toml|requirements[\w.-]*\.txt|package\.json|uv\.lock|Pipfile|setup\.cfg)$/;

/** A host's metadata file in the skill folder (Codex's `agents/openai.yaml`, docs/hosts.md): read by the host, not the model. */
const HOST_METADATA = new Set(['agents/openai.yaml']);

/** Whether `text` names a folder that holds the file (`cards/cups/`, "the `assets/` directory"): it refers to what is in it. */
function mentionsFolderOf(text: string, relative: string): boolean {
  for (let at = relative.lastIndexOf('/'); at > 0; at = relative.lastIndexOf('/', at - 1)) {
    const folder = relative.slice(0, at).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\w.-])${folder}/(?![\\w.*-])`).test(text)) return true;
  }
  return false;
}

/**
 * Whether the script `importer` imports the bundled file `relative`: a Python module (or
 * package, for `__init__.py`), a JavaScript or TypeScript module, a sourced shell or
 * PowerShell file. A helper a referenced script imports comes with it.
 */
function imports(importer: string, content: string, relative: string): boolean {
  if (importer === relative) return false;
  const name = basenamePath(relative);
  const stem = name.replace(/\.[^.]+$/, '');
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A file the script names in a string (`"comments.xml"`, `dir / "run_ai.py"`) is one it reads or runs.
  if (content.includes(name) && new RegExp(`['"\\x60/]${esc(name)}['"\\x60]`).test(content)) return true;
  // A project file beside the script (its dependencies, for `uv run` or `npm`) comes with it.
  if (PROJECT_FILE.test(name) && dirnamePath(`/${relative}`) === dirnamePath(`/${importer}`)) return true;
  if (!SCRIPT.test(relative)) return false;
  if (/\.py$/i.test(relative)) {
    const module = stem === '__init__' ? basenamePath(relative.slice(0, -'/__init__.py'.length)) : stem;
    if (!module || !content.includes(module)) return false;
    const m = esc(module);
    return new RegExp(
      `^[ \\t]*(?:from\\s+[\\w.]*\\b${m}\\b[\\w.]*\\s+import\\b|import\\s+[\\w., \\t]*\\b${m}\\b|from\\s+[\\w.]+\\s+import\\s+[^\\n]*\\b${m}\\b)`,
      'm',
    ).test(content);
  }
  if (!content.includes(stem)) return false;
  const s = esc(stem);
  if (/\.(?:m?[jt]s|cjs|tsx?)$/i.test(relative))
    return new RegExp(
      `(?:require\\s*\\(|import\\s*\\(|\\bfrom\\s+|\\bimport\\s+)['"][^'"\\n]*\\b${s}(?:\\.\\w+)?['"]`,
    ).test(content);
  return new RegExp(`(?:^|[;&|]|\\bthen)\\s*(?:source|\\.|Import-Module)\\s+[^\\n]*\\b${esc(name)}\\b`, 'm').test(
    content,
  );
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
  if (kept && kept.mtime === stat.mtime && kept.size === stat.size && mayRecall(fs)) return kept;
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
    scriptProblems:
      content === undefined
        ? []
        : SCRIPT.test(relative)
          ? scriptProblems(content)
          : /\.md$/i.test(relative)
            ? markdownProblems(content)
            : [],
  };
  if (reads.size >= MAX_KEPT_READS) reads.clear();
  reads.set(full, read);
  return read;
}

const FIRST_LINE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

/** Reads the skill folder `dir` beside SKILL.md's `text` and lints what it bundles. */
export async function lintBundledFiles(fs: FileSystem, dir: string, text: string): Promise<BundledLint> {
  const { paths, capped } = await bundledPaths(fs, dir);
  if (paths.length === 0) return { skillProblems: [], files: [] };
  const partly: string[] = [];
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
    if (read.size > MAX_SCRIPT_BYTES && !read.binary) partly.push(relative);
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
  // Referenced: named by SKILL.md, actions.json or a host's metadata, or in a folder they name
  // (one level), or by a file they reference (two levels); a helper a referenced script
  // imports is at its importer's level.
  const metadata = paths
    .filter((p) => HOST_METADATA.has(p))
    .map((p) => contents.get(p) ?? '')
    .join('\n');
  const named = (p: string) =>
    HOST_METADATA.has(p) ||
    mentions(text, p) ||
    mentions(actions, p) ||
    mentions(metadata, p) ||
    mentionsFolderOf(text, p);
  const direct = withImports(new Set(paths.filter(named)), paths, contents);
  const second = new Set(
    paths.filter(
      (p) =>
        !direct.has(p) &&
        [...direct].some(
          (parent) => /\.md$/i.test(parent) && contents.has(parent) && mentions(contents.get(parent)!, p),
        ),
    ),
  );
  const importedBy = new Map(
    [...withImports(second, paths, contents)].filter((p) => !second.has(p)).map((p) => [p, true]),
  );
  for (const relative of paths) {
    if (direct.has(relative) || !contents.has(relative)) continue;
    const via = [...direct].find(
      (parent) => /\.md$/i.test(parent) && contents.has(parent) && mentions(contents.get(parent)!, relative),
    );
    if (!via && importedBy.get(relative)) continue; // a helper of a script a reference names
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
  const limits = [
    ...(capped.includes('files') ? [`only its first ${MAX_FILES} files were read`] : []),
    ...(capped.includes('depth') ? [`folders more than ${MAX_DEPTH} deep were not read`] : []),
    ...(partly.length > 0
      ? [
          `only the first ${MAX_SCRIPT_BYTES / 1024} KiB of ${partly.slice(0, 5).join(', ')}${partly.length > 5 ? ` and ${partly.length - 5} more` : ''} ${partly.length === 1 ? 'was' : 'were'} read`,
        ]
      : []),
  ];
  if (limits.length > 0)
    skillProblems.push({
      code: 'not-fully-reviewed',
      severity: 'info',
      message: `Not fully reviewed: ${limits.join('; ')} (the caps are in docs/rules.md). What lies past them was not scanned; read it yourself before trusting the skill.`,
      range: FIRST_LINE,
    });
  return { skillProblems, files };
}

/** `referenced` and, transitively, every bundled script that a script among them imports. */
function withImports(
  referenced: Set<string>,
  paths: readonly string[],
  contents: ReadonlyMap<string, string>,
): Set<string> {
  const all = new Set(referenced);
  const queue = [...all];
  while (queue.length > 0) {
    const importer = queue.pop()!;
    const content = contents.get(importer);
    if (content === undefined || !SCRIPT.test(importer)) continue;
    for (const p of paths) {
      if (all.has(p) || !imports(importer, content, p)) continue;
      all.add(p);
      queue.push(p);
    }
  }
  return all;
}

/** The command risks of a script, at their lines. */
export function scriptProblems(content: string): Problem[] {
  const lines = new LineMap(content);
  const problems: Problem[] = [];
  const logical = logicalLines(content);
  const found = findCodeRisks(logical.map((l) => l.text));
  for (const [at, { start, text: code }] of logical.entries()) {
    for (const risk of found[at]) {
      const shown = code.slice(risk.start, risk.end);
      problems.push(
        withAstClass({
          code: risk.code,
          severity: securitySeverity(risk.code),
          message: riskMessage('This script', risk, shown),
          range: lines.rangeOf(start + risk.start, start + risk.end),
        }),
      );
    }
  }
  return problems;
}
