// Reads one skill file into the catalog's metadata record. Only the head of the file is
// read when the frontmatter closes inside it, so a large body never slows discovery.
import * as path from 'node:path';
import { analyzeSkillText } from '../lint/analyze';
import { describeError, type EntryStat, type FileSystem } from '../base/fileSystem';
import type { SkillLocation } from './locations';
import { hasErrors, type Problem, type Range } from '../base/types';

/** Bytes read first; grown only while the frontmatter has not closed yet. */
export const HEAD_BYTES = 4096;
/** Past this, an unclosed frontmatter is reported rather than read further. */
export const MAX_FRONTMATTER_BYTES = 1024 * 1024;

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
  readonly hidden: boolean;
  /** Problems of the file itself (catalog-level ones such as duplicate-name are added by the catalog). */
  readonly problems: readonly Problem[];
  readonly hasErrors: boolean;
  readonly mtime: number;
  readonly size: number;
}

export type ReadRecordResult =
  | { readonly ok: true; readonly record: SkillRecord }
  | { readonly ok: false; readonly reason: string; readonly missing: boolean };

export interface ReadRecordOptions {
  readonly unicodeNames?: boolean;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Decodes UTF-8 keeping a leading BOM, so that the analysis can report it. */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

/**
 * A copy of `text` that does not share memory with the string it was cut from. V8 keeps a
 * substring as a view of its parent, so without this every record would hold its file's
 * whole head (body included) alive.
 */
function detached(text: string): string {
  return (' ' + text).slice(1);
}

/** The stat and first bytes of a file: in one open where the file system allows it. */
async function readFirstBytes(fs: FileSystem, filePath: string, maxBytes: number) {
  if (fs.readHead) return fs.readHead(filePath, maxBytes);
  const stat = await fs.stat(filePath);
  if (!stat) return undefined;
  if (stat.kind !== 'file') return { bytes: new Uint8Array(0), stat };
  return { bytes: await fs.readFile(filePath, maxBytes), stat };
}

/** Reads and analyses the head of a skill file; errors come back as values. */
export async function readSkillRecord(
  fs: FileSystem,
  filePath: string,
  location: SkillLocation,
  options: ReadRecordOptions = {},
): Promise<ReadRecordResult> {
  let head: { bytes: Uint8Array; stat: EntryStat } | undefined;
  try {
    head = await readFirstBytes(fs, filePath, HEAD_BYTES);
  } catch (error) {
    return { ok: false, reason: `cannot read: ${describeError(error)}`, missing: false };
  }
  if (!head) return { ok: false, reason: 'the file no longer exists', missing: true };
  const { stat } = head;
  if (stat.kind !== 'file') return { ok: false, reason: 'SKILL.md is not a file', missing: false };
  const dir = path.posix.dirname(filePath);
  const folderName = path.posix.basename(dir);
  const analyzeOptions = { folderName, fileName: path.posix.basename(filePath), unicodeNames: options.unicodeNames };

  let limit = HEAD_BYTES;
  let bytes = head.bytes;
  for (;;) {
    const complete = bytes.length < limit || bytes.length >= stat.size;
    const analysis = analyzeSkillText(decodeUtf8(bytes), { ...analyzeOptions, complete });
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
    return {
      ok: true,
      record: {
        filePath,
        dir,
        folderName,
        location,
        name: detached(analysis.name?.trim() || folderName),
        declaredName: analysis.name === undefined ? undefined : detached(analysis.name),
        nameRange: analysis.nameRange,
        description: analysis.description === undefined ? undefined : detached(analysis.description),
        hidden: analysis.hidden,
        problems: analysis.problems,
        hasErrors: hasErrors(analysis.problems),
        mtime: stat.mtime,
        size: stat.size,
      },
    };
  }
}
