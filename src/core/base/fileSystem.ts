// The file system the core reads through. The CLI passes a Node implementation
// (src/node/nodeFileSystem.ts), the extension one over `workspace.fs`. Paths are absolute,
// in the canonical form of base/paths; each implementation maps them to its own notion of
// location, and gives back paths (realPath) in that same form.

export type EntryKind = 'file' | 'directory' | 'other';

export interface EntryStat {
  readonly kind: EntryKind;
  /** True when the entry itself is a symbolic link (its kind is that of the target). */
  readonly isSymlink: boolean;
  readonly size: number;
  /** Modification time in milliseconds since the epoch. */
  readonly mtime: number;
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
   * Optional fast path for discovery: the file's stat and its first `maxBytes` in one
   * open. Undefined when the file does not exist.
   */
  readHead?(path: string, maxBytes: number): Promise<{ bytes: Uint8Array; stat: EntryStat } | undefined>;
}

/** Rejections from a FileSystem carry a message; this turns any thrown value into one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
