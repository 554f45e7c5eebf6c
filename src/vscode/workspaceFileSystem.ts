// The core's FileSystem over `workspace.fs`, so that remote and virtual workspaces work.
// On the local disk (`file:`), head reads and symlink resolution use Node directly:
// `workspace.fs` can only read whole files and has no realpath.
import * as vscode from 'vscode';
import {
  readDirectoriesOneByOne,
  readHeadsOneByOne,
  type DirectoryEntry,
  type EntryKind,
  type EntryStat,
  type FileSystem,
  type HeadRead,
} from '../core/base/fileSystem';
import { isInside, normalizePath, POSIX_PATHS } from '../core/base/paths';
import { NodeFileSystem } from '../node/nodeFileSystem';

function kindOf(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.File) return 'file';
  if (type & vscode.FileType.Directory) return 'directory';
  return 'other';
}

function isNotFound(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'EntryNotFound');
}

/** Told when a whole-file read starts and ends, and of every read of a file's bytes (the host tests count them). */
export interface ReadObserver {
  started(path: string): void;
  finished(path: string): void;
  /** Any read of the file's bytes: whole, capped, or its head in a scan. */
  touched(path: string): void;
}

export class WorkspaceFileSystem implements FileSystem {
  private readonly disk = new NodeFileSystem();

  /** `roots` are the workspace folders: a path below one of them takes its scheme. */
  constructor(
    private readonly roots: () => readonly vscode.Uri[],
    private readonly readObserver?: ReadObserver,
  ) {}

  /** The Uri of an absolute path, in the scheme of the workspace folder that holds it. */
  toUri(path: string): vscode.Uri {
    for (const root of this.roots()) {
      // Virtual and remote folders use POSIX paths whatever the local platform.
      if (root.scheme !== 'file' && isInside(path, root.path, POSIX_PATHS)) return root.with({ path });
    }
    return vscode.Uri.file(path);
  }

  /** The core's path of a Uri (the inverse of toUri): canonical form, drive letter upper-case. */
  toPath(uri: vscode.Uri): string {
    return uri.scheme === 'file' ? normalizePath(uri.fsPath) : uri.path;
  }

  async stat(path: string): Promise<EntryStat | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(this.toUri(path));
      return {
        kind: kindOf(stat.type),
        isSymlink: (stat.type & vscode.FileType.SymbolicLink) !== 0,
        size: stat.size,
        mtime: stat.mtime,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async readDirectory(path: string): Promise<DirectoryEntry[]> {
    const entries = await vscode.workspace.fs.readDirectory(this.toUri(path));
    return entries.map(([name, type]) => ({
      name,
      kind: kindOf(type),
      isSymlink: (type & vscode.FileType.SymbolicLink) !== 0,
    }));
  }

  async readFile(path: string, maxBytes?: number): Promise<Uint8Array> {
    this.readObserver?.touched(path);
    if (maxBytes !== undefined || !this.readObserver) return this.read(path, maxBytes);
    this.readObserver.started(path);
    try {
      return await this.read(path);
    } finally {
      this.readObserver.finished(path);
    }
  }

  private async read(path: string, maxBytes?: number): Promise<Uint8Array> {
    const uri = this.toUri(path);
    if (uri.scheme === 'file' && maxBytes !== undefined) return this.disk.readFile(uri.fsPath, maxBytes);
    const bytes = await vscode.workspace.fs.readFile(uri);
    return maxBytes === undefined ? bytes : bytes.subarray(0, maxBytes);
  }

  /** Local files in bulk through Node (no round trip per file); other schemes file by file. */
  readHeads(paths: readonly string[], maxBytes: number): Promise<HeadRead[]> {
    if (this.readObserver) for (const path of paths) this.readObserver.touched(path);
    if (this.allLocal(paths)) return this.disk.readHeads(paths, maxBytes);
    return readHeadsOneByOne(this, paths, maxBytes);
  }

  readDirectories(paths: readonly string[]): Promise<(DirectoryEntry[] | Error)[]> {
    if (this.allLocal(paths)) return this.disk.readDirectories(paths);
    return readDirectoriesOneByOne(this, paths);
  }

  /** True when every path is on the local disk (no Uri is built: a scan asks about thousands). */
  private allLocal(paths: readonly string[]): boolean {
    const remote = this.roots().filter((root) => root.scheme !== 'file');
    return remote.length === 0 || paths.every((path) => !remote.some((root) => isInside(path, root.path, POSIX_PATHS)));
  }

  async realPath(path: string): Promise<string> {
    const uri = this.toUri(path);
    if (uri.scheme === 'file') return this.disk.realPath(uri.fsPath);
    await vscode.workspace.fs.stat(uri); // rejects when missing, as realpath does
    return path;
  }
}
