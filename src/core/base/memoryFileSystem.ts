// A file system held in memory, with folders, files and symbolic links: the core's guards
// (a read or an action's argv never leaving a skill's folder) are proven with it on every
// platform, including where a test cannot make a real link (Windows without Developer Mode,
// Wine). Paths are canonical (base/paths) and compared as the host compares them; a link's
// target is absolute or relative to the link's folder, as on disk.
import type { DirectoryEntry, EntryKind, EntryStat, FileSystem } from './fileSystem';
import {
  basenamePath,
  dirnamePath,
  isAbsolutePath,
  joinPath,
  normalizePath,
  pathKey,
  rawSegments,
  samePath,
} from './paths';

type MemoryNode =
  | { readonly kind: 'file'; readonly bytes: Uint8Array }
  | { readonly kind: 'directory'; readonly children: Map<string, string> }
  | { readonly kind: 'symlink'; readonly target: string };

/** Links followed in one resolution before it is called a loop (Linux's own limit). */
const MAX_LINKS = 40;

export class MemoryFileSystem implements FileSystem {
  /** Nodes by path key; a folder knows its children's names by their key. */
  private readonly nodes = new Map<string, MemoryNode>();

  constructor(private readonly root: string) {
    this.nodes.set(pathKey(root), { kind: 'directory', children: new Map() });
  }

  /** Adds a file (and its folders). */
  addFile(path: string, text: string): this {
    return this.add(path, { kind: 'file', bytes: new TextEncoder().encode(text) });
  }

  /** Adds a folder (and its parents). */
  addDirectory(path: string): this {
    this.ensureDirectory(normalizePath(path));
    return this;
  }

  /** Adds a symbolic link to `target` (absolute, or relative to the link's folder). */
  addSymlink(path: string, target: string): this {
    return this.add(path, { kind: 'symlink', target });
  }

  async stat(path: string): Promise<EntryStat | undefined> {
    const resolved = this.resolve(path);
    if (!resolved) return undefined;
    // The entry itself, in its real folder: a link is a link whatever path led to it.
    const parent = this.resolve(dirnamePath(normalizePath(path)));
    const own = parent
      ? this.nodes.get(pathKey(joinPath(parent.path, basenamePath(normalizePath(path)))))
      : resolved.node;
    const node = resolved.node;
    return {
      kind: kindOf(node),
      isSymlink: own?.kind === 'symlink',
      size: node.kind === 'file' ? node.bytes.length : 0,
      mtime: 0,
    };
  }

  async readDirectory(path: string): Promise<DirectoryEntry[]> {
    const resolved = this.resolve(path);
    if (!resolved || resolved.node.kind !== 'directory') throw new Error(`ENOTDIR: ${path} is not a folder`);
    return [...resolved.node.children.values()].map((name) => {
      const child = joinPath(resolved.path, name);
      const own = this.nodes.get(pathKey(child))!;
      const target = this.resolve(child);
      return { name, kind: target ? kindOf(target.node) : 'other', isSymlink: own.kind === 'symlink' };
    });
  }

  async readFile(path: string, maxBytes?: number): Promise<Uint8Array> {
    const resolved = this.resolve(path);
    if (!resolved || resolved.node.kind !== 'file') throw new Error(`ENOENT: ${path} is not a file`);
    return maxBytes === undefined ? resolved.node.bytes : resolved.node.bytes.subarray(0, maxBytes);
  }

  async realPath(path: string): Promise<string> {
    const resolved = this.resolve(path);
    if (!resolved) throw new Error(`ENOENT: ${path} does not exist`);
    return resolved.path;
  }

  private add(path: string, node: MemoryNode): this {
    const normalized = normalizePath(path);
    const parent = this.ensureDirectory(dirnamePath(normalized));
    parent.children.set(pathKey(normalized), basenamePath(normalized));
    this.nodes.set(pathKey(normalized), node);
    return this;
  }

  private ensureDirectory(path: string): Extract<MemoryNode, { kind: 'directory' }> {
    const existing = this.nodes.get(pathKey(path));
    if (existing?.kind === 'directory') return existing;
    if (existing) throw new Error(`${path} exists and is not a folder`);
    const parent = this.ensureDirectory(dirnamePath(path));
    const created = { kind: 'directory' as const, children: new Map<string, string>() };
    parent.children.set(pathKey(path), basenamePath(path));
    this.nodes.set(pathKey(path), created);
    return created;
  }

  /** The node a path names with every link followed, and its real path; undefined when none. */
  private resolve(path: string): { path: string; node: MemoryNode } | undefined {
    let links = 0;
    let current = normalizePath(this.root);
    const rootKey = pathKey(this.root);
    const normalized = normalizePath(path);
    if (!pathKey(normalized).startsWith(rootKey)) return undefined;
    const pending = rawSegments(normalized.slice(this.root.length));
    while (pending.length > 0) {
      const segment = pending.shift()!;
      if (segment === '.') continue;
      if (segment === '..') {
        if (!samePath(current, this.root)) current = dirnamePath(current);
        continue;
      }
      const next = joinPath(current, segment);
      const node = this.nodes.get(pathKey(next));
      if (!node) return undefined;
      if (node.kind !== 'symlink') {
        current = this.spelled(next);
        continue;
      }
      if (++links > MAX_LINKS) return undefined;
      const target = isAbsolutePath(node.target) ? normalizePath(node.target) : joinPath(current, node.target);
      if (!pathKey(target).startsWith(rootKey)) return undefined;
      pending.unshift(...rawSegments(target.slice(this.root.length)));
      current = normalizePath(this.root);
    }
    const node = this.nodes.get(pathKey(current));
    return node ? { path: current, node } : undefined;
  }

  /** A path as its entries were spelled when added (a case-insensitive host answers with those). */
  private spelled(path: string): string {
    const parent = dirnamePath(path);
    const folder = this.nodes.get(pathKey(parent));
    const name = folder?.kind === 'directory' ? folder.children.get(pathKey(path)) : undefined;
    return name === undefined ? path : joinPath(parent, name);
  }
}

function kindOf(node: MemoryNode): EntryKind {
  return node.kind === 'symlink' ? 'other' : node.kind;
}
