// The core's FileSystem over Node's fs, for the CLI, the benchmark and the unit tests.
import { promises as fsp, type Dirent, type Stats } from 'node:fs';
import * as path from 'node:path';
import type { DirectoryEntry, EntryKind, EntryStat, FileSystem } from '../core/fileSystem';

function kindOf(stats: Stats | Dirent): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

/** Paths are used as given: absolute POSIX paths on POSIX systems. */
export class NodeFileSystem implements FileSystem {
  async stat(filePath: string): Promise<EntryStat | undefined> {
    try {
      const link = await fsp.lstat(filePath);
      if (!link.isSymbolicLink()) return { kind: kindOf(link), isSymlink: false, size: link.size, mtime: link.mtimeMs };
      const target = await fsp.stat(filePath);
      return { kind: kindOf(target), isSymlink: true, size: target.size, mtime: target.mtimeMs };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async readHead(filePath: string, maxBytes: number): Promise<{ bytes: Uint8Array; stat: EntryStat } | undefined> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(filePath, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    try {
      const stats = await handle.stat();
      const stat: EntryStat = { kind: kindOf(stats), isSymlink: false, size: stats.size, mtime: stats.mtimeMs };
      if (stat.kind !== 'file') return { bytes: new Uint8Array(0), stat };
      const buffer = Buffer.allocUnsafe(Math.min(maxBytes, stats.size));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return { bytes: buffer.subarray(0, filled), stat };
    } finally {
      await handle.close();
    }
  }

  async readDirectory(dir: string): Promise<DirectoryEntry[]> {
    const dirents = await fsp.readdir(dir, { withFileTypes: true });
    return Promise.all(
      dirents.map(async (dirent): Promise<DirectoryEntry> => {
        if (!dirent.isSymbolicLink()) return { name: dirent.name, kind: kindOf(dirent), isSymlink: false };
        const target = await fsp.stat(path.join(dir, dirent.name)).catch(() => undefined);
        return { name: dirent.name, kind: target ? kindOf(target) : 'other', isSymlink: true };
      }),
    );
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

  realPath(filePath: string): Promise<string> {
    return fsp.realpath(filePath);
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
