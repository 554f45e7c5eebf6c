// The file system the core reads through. The CLI passes a Node implementation
// (src/node/nodeFileSystem.ts), the extension one over `workspace.fs`. Paths are absolute,
// in the canonical form of base/paths; each implementation maps them to its own notion of
// location, and gives back paths (realPath) in that same form.

import { mapConcurrent } from './concurrency';

export type EntryKind = 'file' | 'directory' | 'other';

export interface EntryStat {
  readonly kind: EntryKind;
  /** True when the entry itself is a symbolic link (its kind is that of the target). */
  readonly isSymlink: boolean;
  readonly size: number;
  /** Modification time in milliseconds since the epoch. */
  readonly mtime: number;
  /**
   * The status change time (POSIX ctime) in milliseconds, where the file system gives one: it
   * moves on every write and cannot be set back, as mtime can (`validate --cache`).
   */
  readonly changeTime?: number;
}

export interface DirectoryEntry {
  readonly name: string;
  readonly kind: EntryKind;
  readonly isSymlink: boolean;
}

export interface FileSystem {
  /** The entry's stat, following symlinks; undefined when it does not exist. */
  stat(path: string): Promise<EntryStat | undefined>;
  /** The folder's entries; rejects when it cannot be read. */
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  /** At most `maxBytes` from the start of the file (the whole file when omitted). */
  readFile(path: string, maxBytes?: number): Promise<Uint8Array>;
  /** The canonical path with every symlink resolved; rejects when it does not exist. */
  realPath(path: string): Promise<string>;
  /**
   * Optional fast path for a scan: the stat and first `maxBytes` of many files in one call,
   * so that thousands of files cost no round trip each. One result per path, in order.
   */
  readHeads?(paths: readonly string[], maxBytes: number): Promise<HeadRead[]>;
  /** Optional fast path for a scan: many folders' entries in one call, one result per path. */
  readDirectories?(paths: readonly string[]): Promise<(DirectoryEntry[] | Error)[]>;
  /**
   * True when this view keeps what is read through it as a lint's inputs (`validate --cache`):
   * what a read gave must then be read through it, never recalled from a memo kept by the file's
   * stat, or an edit that keeps the size would not be among the inputs (mayRecall).
   */
  readonly recordsReads?: boolean;
}

/** Whether a memo kept by a file's stat may stand in for reading it through `fs`. */
export function mayRecall(fs: FileSystem): boolean {
  return fs.recordsReads !== true;
}

/** A file's stat and first bytes. */
export interface FileHead {
  readonly bytes: Uint8Array;
  readonly stat: EntryStat;
}

/** One result of readHeads: the head, undefined when the file does not exist, or why it could not be read. */
export type HeadRead = FileHead | undefined | Error;

/** Concurrent requests of the per-file fallbacks below. */
const FALLBACK_CONCURRENCY = 32;

/** The heads of many files: in one call where the file system allows it, else file by file. */
export function readHeadsOf(fs: FileSystem, paths: readonly string[], maxBytes: number): Promise<HeadRead[]> {
  return fs.readHeads ? fs.readHeads(paths, maxBytes) : readHeadsOneByOne(fs, paths, maxBytes);
}

/** The entries of many folders: in one call where the file system allows it, else folder by folder. */
export function readDirectoriesOf(fs: FileSystem, paths: readonly string[]): Promise<(DirectoryEntry[] | Error)[]> {
  return fs.readDirectories ? fs.readDirectories(paths) : readDirectoriesOneByOne(fs, paths);
}

/** readHeads through the per-file calls (stat, then readFile). */
export function readHeadsOneByOne(fs: FileSystem, paths: readonly string[], maxBytes: number): Promise<HeadRead[]> {
  return mapConcurrent(paths, FALLBACK_CONCURRENCY, async (path): Promise<HeadRead> => {
    try {
      const stat = await fs.stat(path);
      if (!stat) return undefined;
      if (stat.kind !== 'file') return { bytes: new Uint8Array(0), stat };
      return { bytes: await fs.readFile(path, maxBytes), stat };
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
}

/** readDirectories through the per-folder call. */
export function readDirectoriesOneByOne(
  fs: FileSystem,
  paths: readonly string[],
): Promise<(DirectoryEntry[] | Error)[]> {
  return mapConcurrent(paths, FALLBACK_CONCURRENCY, (path) =>
    fs.readDirectory(path).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
  );
}

/** Rejections from a FileSystem carry a message; this turns any thrown value into one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
