// The core's FileSystem over Node's fs, for the CLI, the benchmark and the unit tests.
import * as fs from 'node:fs';
import { promises as fsp, type Dirent, type Stats } from 'node:fs';
import type { DirectoryEntry, EntryKind, EntryStat, FileSystem } from '../core/base/fileSystem';
import { joinPath, normalizePath } from '../core/base/paths';

function kindOf(stats: Stats | Dirent): EntryKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'directory';
  return 'other';
}

/** Takes and gives paths in the core's canonical form (core/base/paths), which Node's fs accepts on every platform. */
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

  // Node's callback API, not FileHandle promises: discovery opens thousands of files, and
  // each FileHandle costs an object, a promise per call and a finaliser.
  readHead(filePath: string, maxBytes: number): Promise<{ bytes: Uint8Array; stat: EntryStat } | undefined> {
    return new Promise((resolve, reject) => {
      fs.open(filePath, 'r', (openError, fd) => {
        if (openError) return isMissing(openError) ? resolve(undefined) : reject(openError);
        const finish = (error: unknown, value?: { bytes: Uint8Array; stat: EntryStat }) =>
          fs.close(fd, () => (error ? reject(error) : resolve(value)));
        fs.fstat(fd, (statError, stats) => {
          if (statError) return finish(statError);
          const stat: EntryStat = { kind: kindOf(stats), isSymlink: false, size: stats.size, mtime: stats.mtimeMs };
          if (stat.kind !== 'file') return finish(undefined, { bytes: new Uint8Array(0), stat });
          const buffer = Buffer.allocUnsafe(Math.min(maxBytes, stats.size));
          const readFrom = (filled: number): void => {
            if (filled >= buffer.length) return finish(undefined, { bytes: buffer, stat });
            fs.read(fd, buffer, filled, buffer.length - filled, filled, (readError, bytesRead) => {
              if (readError) return finish(readError);
              if (bytesRead === 0) return finish(undefined, { bytes: buffer.subarray(0, filled), stat });
              readFrom(filled + bytesRead);
            });
          };
          readFrom(0);
        });
      });
    });
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

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
