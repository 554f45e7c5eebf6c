// Reads skill files into the catalog's metadata records. Only the head of a file is read
// when the frontmatter closes inside it, so a large body never slows a scan.
import { createTimeSlicer } from '../base/concurrency';
import { describeError, readHeadsOf, type FileSystem, type HeadRead } from '../base/fileSystem';
import { HEAD_BYTES, MAX_FRONTMATTER_BYTES, SCAN_SLICE_MS } from '../base/limits';
import { basenamePath, dirnamePath } from '../base/paths';
import { decodeUtf8, detached } from '../base/text';
import { analyzeSkillText } from '../lint/analyze';
import { bodyLead } from './bodyLead';
import type { SkillLocation } from './locations';
import { hasErrors, type Problem, type Range, type SkillFileAnalysis } from '../base/types';

/** The catalog's view of one skill file: metadata only, never the body. */
export interface SkillRecord {
  readonly filePath: string;
  readonly dir: string;
  readonly folderName: string;
  readonly location: SkillLocation;
  /** The declared name, or the folder's name when none is declared. */
  readonly name: string;
  readonly declaredName: string | undefined;
  /** Where the name's value stands, for catalog-level problems such as duplicate-name. */
  readonly nameRange: Range | undefined;
  readonly description: string | undefined;
  /** What the `description` field holds (SkillFileAnalysis.descriptionKind). */
  readonly descriptionKind?: 'absent' | 'null' | 'text' | 'other';
  /** For a skill that declares no description: the start of its body, which some hosts show instead (bodyLead.ts). */
  readonly bodyHead?: string;
  /** The frontmatter's YAML text, only when it is not valid YAML (SkillFileAnalysis.invalidYaml). */
  readonly invalidYaml?: string;
  readonly hidden: boolean;
  /** Problems of the file itself (catalog-level ones such as duplicate-name are added by the catalog). */
  readonly problems: readonly Problem[];
  readonly hasErrors: boolean;
  readonly mtime: number;
  readonly size: number;
  /**
   * The folder's real path, only when a symbolic link makes it differ from `dir`: a mirror for
   * another agent (`.claude/skills/x` linked to `.agents/skills/x`) is the same skill, not a rival.
   */
  readonly realDir?: string;
}

export type ReadRecordResult =
  | { readonly ok: true; readonly record: SkillRecord }
  | { readonly ok: false; readonly reason: string; readonly missing: boolean };

export interface ReadRecordOptions {
  readonly unicodeNames?: boolean;
}

/** A file to read, and the location it belongs to. */
export interface RecordSource {
  readonly filePath: string;
  readonly location: SkillLocation;
  readonly realDir?: string;
}

/**
 * Reads and analyses the heads of many skill files, one result per file, in order; errors
 * come back as values. The heads are read in one bulk call where the file system has one
 * (readHeadsOf), and the analysis runs in time slices, so that a scan of thousands of files
 * never holds the event loop for long.
 */
export async function readSkillRecords(
  fs: FileSystem,
  files: readonly RecordSource[],
  options: ReadRecordOptions = {},
): Promise<ReadRecordResult[]> {
  const heads = await readHeadsOf(
    fs,
    files.map((f) => f.filePath),
    HEAD_BYTES,
  );
  const results: ReadRecordResult[] = [];
  const slicer = createTimeSlicer(SCAN_SLICE_MS);
  for (let i = 0; i < files.length; i++) {
    if (slicer.due()) await slicer.pause();
    results.push(await recordFromHead(fs, files[i], heads[i], options));
  }
  return results;
}

/** Reads and analyses the head of one skill file; errors come back as values. */
export async function readSkillRecord(
  fs: FileSystem,
  filePath: string,
  location: SkillLocation,
  options: ReadRecordOptions = {},
): Promise<ReadRecordResult> {
  return (await readSkillRecords(fs, [{ filePath, location }], options))[0];
}

/** The record of one file from its head; reads further only while the frontmatter is open. */
async function recordFromHead(
  fs: FileSystem,
  file: RecordSource,
  head: HeadRead,
  options: ReadRecordOptions,
): Promise<ReadRecordResult> {
  if (head instanceof Error) return { ok: false, reason: `cannot read: ${describeError(head)}`, missing: false };
  if (!head) return { ok: false, reason: 'the file no longer exists', missing: true };
  const { stat } = head;
  const { filePath, location } = file;
  if (stat.kind !== 'file') return { ok: false, reason: 'SKILL.md is not a file', missing: false };
  const analyzeOptions = {
    folderName: basenamePath(dirnamePath(filePath)),
    fileName: basenamePath(filePath),
    unicodeNames: options.unicodeNames,
    scope: 'catalog' as const,
  };

  let limit = HEAD_BYTES;
  let bytes = head.bytes;
  for (;;) {
    const complete = bytes.length < limit || bytes.length >= stat.size;
    // The catalog's scope reads nothing after the frontmatter: only the bytes up to the end of
    // the closing fence are decoded and analysed (the same analysis, less garbage).
    const frontmatterEnd = closingFenceEnd(bytes);
    const text = decodeUtf8(frontmatterEnd === undefined ? bytes : bytes.subarray(0, frontmatterEnd));
    const analysis = analyzeSkillText(text, { ...analyzeOptions, complete });
    const unclosed = analysis.problems.some((p) => p.code === 'unclosed-frontmatter');
    if (unclosed && !complete && limit < MAX_FRONTMATTER_BYTES) {
      limit = Math.min(limit * 8, MAX_FRONTMATTER_BYTES);
      try {
        bytes = await fs.readFile(filePath, limit);
      } catch (error) {
        const reason = `cannot read: ${describeError(error)}`;
        return { ok: false, reason, missing: /ENOENT|FileNotFound|no such file/i.test(reason) };
      }
      continue;
    }
    // A skill without a description: some hosts show the start of its body instead.
    const bodyStart = frontmatterEnd ?? (analysis.problems.some((p) => p.code === 'no-frontmatter') ? 0 : undefined);
    const bodyHead =
      (analysis.description ?? '').trim() === '' && bodyStart !== undefined
        ? await headOfBody(fs, filePath, bytes, bodyStart, stat.size)
        : undefined;
    return {
      ok: true,
      record: recordFromAnalysis(filePath, location, analysis, {
        ...stat,
        ...(bodyHead === undefined ? {} : { bodyHead }),
        ...(file.realDir === undefined ? {} : { realDir: file.realDir }),
      }),
    };
  }
}

/** How far a scan reads into a body for what hosts show of it (bodyLead.ts), at most. */
const BODY_HEAD_BYTES = 64 * 1024;

/**
 * The start of the body, for a skill that declares no description: the bytes already read, and
 * one more read of the file only when they end before Copilot's lead does (the longest reading).
 */
async function headOfBody(
  fs: FileSystem,
  filePath: string,
  bytes: Uint8Array,
  bodyStart: number,
  size: number,
): Promise<string> {
  const first = decodeUtf8(bytes.subarray(bodyStart));
  if (bodyLead(first).complete || bytes.length >= size || bytes.length >= bodyStart + BODY_HEAD_BYTES) return first;
  try {
    return decodeUtf8((await fs.readFile(filePath, bodyStart + BODY_HEAD_BYTES)).subarray(bodyStart));
  } catch {
    return first;
  }
}

const DASH = 0x2d;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Where the line of the first closing `---` ends (after its line break), when the bytes hold
 * an opening fence and a closing one on a later line after a `\n`; undefined otherwise. A
 * prefix that ends there holds the whole frontmatter, as the lint finds it.
 */
export function closingFenceEnd(bytes: Uint8Array): number | undefined {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes[start] !== DASH || bytes[start + 1] !== DASH || bytes[start + 2] !== DASH) return undefined;
  for (let at = bytes.indexOf(LF, start); at >= 0 && at + 3 < bytes.length; at = bytes.indexOf(LF, at + 1)) {
    if (bytes[at + 1] !== DASH || bytes[at + 2] !== DASH || bytes[at + 3] !== DASH) continue;
    let end = at + 4;
    while (bytes[end] === 0x20 || bytes[end] === 0x09) end++;
    if (end >= bytes.length) return bytes.length;
    if (bytes[end] === CR && bytes[end + 1] === LF) return end + 2;
    if (bytes[end] === LF || bytes[end] === CR) return end + 1;
  }
  return undefined;
}

/**
 * The record of a file from its analysis. `problems` replaces the analysis's own (a full
 * validation adds broken links); the file's mtime and size are 0 when unknown.
 */
export function recordFromAnalysis(
  filePath: string,
  location: SkillLocation,
  analysis: SkillFileAnalysis,
  extra: {
    readonly problems?: readonly Problem[];
    readonly mtime?: number;
    readonly size?: number;
    readonly bodyHead?: string;
    readonly realDir?: string;
  } = {},
): SkillRecord {
  const dir = dirnamePath(filePath);
  const folderName = basenamePath(dir);
  const problems = Object.freeze([...(extra.problems ?? analysis.problems)]);
  // Frozen: records are shared by every reader, the extension's API included.
  return Object.freeze({
    filePath,
    dir,
    folderName,
    location,
    name: detached(analysis.name?.trim() || folderName),
    declaredName: analysis.name === undefined ? undefined : detached(analysis.name),
    nameRange: analysis.nameRange,
    description: analysis.description === undefined ? undefined : detached(analysis.description),
    ...(analysis.descriptionKind === undefined ? {} : { descriptionKind: analysis.descriptionKind }),
    ...(analysis.invalidYaml === undefined ? {} : { invalidYaml: detached(analysis.invalidYaml) }),
    ...(extra.bodyHead === undefined ? {} : { bodyHead: detached(extra.bodyHead) }),
    hidden: analysis.hidden,
    problems,
    hasErrors: hasErrors(problems),
    mtime: extra.mtime ?? 0,
    size: extra.size ?? 0,
    ...(extra.realDir === undefined ? {} : { realDir: extra.realDir }),
  });
}
