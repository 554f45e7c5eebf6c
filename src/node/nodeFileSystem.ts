// The core's FileSystem over Node's fs, for the CLI, the benchmark and the unit tests.
import * as fs from 'node:fs';
import { promises as fsp, type Dirent, type Stats } from 'node:fs';
import { createTimeSlicer } from '../core/base/concurrency';
import type { DirectoryEntry, EntryKind, EntryStat, FileSystem, HeadRead } from '../core/base/fileSystem';
import { SCAN_SLICE_MS } from '../core/base/limits';
import { joinPath, normalizePath } from '../core/base/paths';

function kindOf(stats: Stats | Dirent): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

/** The core's stat of an entry: its own (a link's target's when `isSymlink`). */
function entryStat(stats: Stats, isSymlink: boolean): EntryStat {
  return { kind: kindOf(stats), isSymlink, size: stats.size, mtime: stats.mtimeMs, changeTime: stats.ctimeMs };
}

/** Takes and gives paths in the core's canonical form (core/base/paths), which Node's fs accepts on every platform. */
export class NodeFileSystem implements FileSystem {
  async stat(filePath: string): Promise<EntryStat | undefined> {
    try {
      const link = await fsp.lstat(filePath);
      if (!link.isSymbolicLink()) return entryStat(link, false);
      return entryStat(await fsp.stat(filePath), true);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  // The bulk reads of a scan use the synchronous calls, in time slices. A profile of the
  // callback API showed four round trips a file (open, fstat, read, close), each a trip
  // through the event loop: most of a cold scan went there. Synchronous calls cost only the
  // system calls, and the slices keep the event loop free (createTimeSlicer).
  async readHeads(paths: readonly string[], maxBytes: number): Promise<HeadRead[]> {
    const results: HeadRead[] = [];
    const slicer = createTimeSlicer(SCAN_SLICE_MS);
    // One slab for many heads: a buffer of 4 KiB or more each would be its own allocation
    // (Node pools only smaller ones), which showed in the profile, and in the garbage it left.
    const slab = new Slab(maxBytes);
    for (const filePath of paths) {
      if (slicer.due()) await slicer.pause();
      results.push(readHeadSync(filePath, maxBytes, slab));
    }
    return results;
  }

  async readDirectories(paths: readonly string[]): Promise<(DirectoryEntry[] | Error)[]> {
    const results: (DirectoryEntry[] | Error)[] = [];
    const slicer = createTimeSlicer(SCAN_SLICE_MS);
    for (const dir of paths) {
      if (slicer.due()) await slicer.pause();
      try {
        results.push(readDirectorySync(dir));
      } catch (error) {
        results.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return results;
  }

  readDirectory(dir: string): Promise<DirectoryEntry[]> {
    return new Promise((resolve, reject) => {
      fs.readdir(dir, { withFileTypes: true }, (error, dirents) => {
        if (error) return reject(error);
        // Only symlinks need a second call, to learn what they point to.
        if (!dirents.some((d) => d.isSymbolicLink())) {
          return resolve(dirents.map((d) => ({ name: d.name, kind: kindOf(d), isSymlink: false })));
        }
        Promise.all(
          dirents.map(async (dirent): Promise<DirectoryEntry> => {
            if (!dirent.isSymbolicLink()) return { name: dirent.name, kind: kindOf(dirent), isSymlink: false };
            const target = await fsp.stat(joinPath(dir, dirent.name)).catch(() => undefined);
            return { name: dirent.name, kind: target ? kindOf(target) : 'other', isSymlink: true };
          }),
        ).then(resolve, reject);
      });
    });
  }

  async readFile(filePath: string, maxBytes?: number): Promise<Uint8Array> {
    if (maxBytes === undefined) return fsp.readFile(filePath);
    const handle = await fsp.open(filePath, 'r');
    try {
      const buffer = Buffer.allocUnsafe(maxBytes);
      let filled = 0;
      while (filled < maxBytes) {
        const { bytesRead } = await handle.read(buffer, filled, maxBytes - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  async realPath(filePath: string): Promise<string> {
    return normalizePath(await fsp.realpath(filePath));
  }
}

/**
 * NodeFileSystem over the synchronous calls, for a command that reads many files and has
 * nothing to do while it waits (`skillsmith validate`): a profile of validate over 554 skills
 * put a fifth of the run in the promise API's round trips (a FileHandle and a trip through the
 * thread pool for each stat, read and realpath) and in the idle time between them. Not for a
 * process that serves requests meanwhile (the MCP server keeps the asynchronous one).
 */
export class BatchNodeFileSystem extends NodeFileSystem {
  override stat(filePath: string): Promise<EntryStat | undefined> {
    return settled(() => {
      try {
        // Most stats of a warm `validate --cache` are of files that are still missing (a link's
        // target that never was): without an exception for each, they cost a tenth as much.
        const link = fs.lstatSync(filePath, { throwIfNoEntry: false });
        if (link === undefined) return undefined;
        if (!link.isSymbolicLink()) return entryStat(link, false);
        return entryStat(fs.statSync(filePath), true);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  override readDirectory(dir: string): Promise<DirectoryEntry[]> {
    return settled(() => readDirectorySync(dir));
  }

  override readFile(filePath: string, maxBytes?: number): Promise<Uint8Array> {
    return settled(() => {
      if (maxBytes === undefined) return fs.readFileSync(filePath);
      const fd = fs.openSync(filePath, 'r');
      try {
        const stats = fs.fstatSync(fd);
        // Linux opens a folder and fails at the read; Wine (and so, we take it, some Windows file
        // systems) reads a folder as empty. The asynchronous call says EISDIR on both.
        if (stats.isDirectory()) throw isDirectoryError(filePath);
        const buffer = Buffer.allocUnsafe(Math.min(maxBytes, stats.size));
        let filled = 0;
        while (filled < buffer.length) {
          const bytesRead = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      } finally {
        fs.closeSync(fd);
      }
    });
  }

  override realPath(filePath: string): Promise<string> {
    return settled(() => normalizePath(fs.realpathSync.native(filePath)));
  }
}

/** The result of a synchronous call as a promise: what it throws becomes the rejection, as the asynchronous calls do. */
function settled<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(asError(error));
  }
}

/** Hands out consecutive pieces of large buffers, each at most `pieceBytes` long. */
class Slab {
  private buffer: Buffer = Buffer.alloc(0);
  private used = 0;

  constructor(private readonly pieceBytes: number) {}

  /** Room for one piece; `commit` says how much of it was kept. */
  take(bytes: number): Buffer {
    if (this.used + bytes > this.buffer.length) {
      this.buffer = Buffer.allocUnsafe(Math.max(bytes, this.pieceBytes * 64));
      this.used = 0;
    }
    return this.buffer.subarray(this.used, this.used + bytes);
  }

  commit(bytes: number): void {
    this.used += bytes;
  }
}

/** One file's stat and head, with one open. */
function readHeadSync(filePath: string, maxBytes: number, slab: Slab): HeadRead {
  let fd: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch (error) {
    return isMissing(error) ? undefined : asError(error);
  }
  try {
    const stats = fs.fstatSync(fd);
    const stat: EntryStat = { kind: kindOf(stats), isSymlink: false, size: stats.size, mtime: stats.mtimeMs };
    if (stat.kind !== 'file') return { bytes: new Uint8Array(0), stat };
    const buffer = slab.take(Math.min(maxBytes, stats.size));
    let filled = 0;
    while (filled < buffer.length) {
      const bytesRead = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    slab.commit(filled);
    return { bytes: buffer.subarray(0, filled), stat };
  } catch (error) {
    return asError(error);
  } finally {
    fs.closeSync(fd);
  }
}

/** A folder's entries; only symlinks need a second call, to learn what they point to. */
function readDirectorySync(dir: string): DirectoryEntry[] {
  return fs.readdirSync(dir, { withFileTypes: true }).map((dirent) => {
    if (!dirent.isSymbolicLink()) return { name: dirent.name, kind: kindOf(dirent), isSymlink: false };
    let target: Stats | undefined;
    try {
      target = fs.statSync(joinPath(dir, dirent.name));
    } catch {
      target = undefined;
    }
    return { name: dirent.name, kind: target ? kindOf(target) : 'other', isSymlink: true };
  });
}

function isDirectoryError(filePath: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${filePath}'`), {
    code: 'EISDIR',
    errno: -21,
    syscall: 'read',
  });
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
