// One skill's lint reads its folder through this view: each stat, listing and file read reaches
// the real file system once, whichever part asks for it (SKILL.md itself, the links, the review
// of the bundled files, provenance's digests, the actions), and nothing outside it changes in
// the middle of one lint. With a digest, it also keeps what was read (each listing, each stat,
// the digest of each file's bytes, and the file's stamp as it was before the read): the lint's
// inputs, which `validate --cache` checks again to know that nothing the lint saw has changed.
import type { DirectoryEntry, EntryKind, EntryStat, FileSystem } from './fileSystem';

/** One thing a lint read, as it was: what `validate --cache` checks again. */
export type SnapshotInput =
  | { readonly op: 'stat'; readonly path: string; readonly seen: string }
  | { readonly op: 'list'; readonly path: string; readonly seen: string }
  | {
      readonly op: 'read';
      readonly path: string;
      readonly maxBytes: number | null;
      readonly seen: string;
      /** The file's stampOf, taken before it was read: while it holds, so do the bytes (validateCache.ts). */
      readonly stamp?: string;
    }
  | { readonly op: 'real'; readonly path: string; readonly seen: string };

/** How many requests reached the file system underneath, by kind: a test holds the lint to one each. */
export interface SnapshotReads {
  stat: number;
  list: number;
  read: number;
  real: number;
}

interface HeldRead {
  /** The cap the bytes were read with; null for the whole file. */
  readonly maxBytes: number | null;
  readonly bytes: Promise<Uint8Array>;
  /** Set once a capped read came back shorter than its cap: it holds the whole file. */
  whole?: boolean;
}

/** What a stat saw, as a comparable text (kind, size, link): the modification time is not content. */
export function statSeen(stat: EntryStat | undefined): string {
  return stat ? `${stat.kind} ${stat.size}${stat.isSymlink ? ' link' : ''}` : 'missing';
}

/** What a listing saw, as a comparable text: names, kinds and links, in the order given. */
export function listingSeen(entries: readonly DirectoryEntry[]): string {
  return entries
    .map((e) => `${e.name}\u0000${e.kind satisfies EntryKind}${e.isSymlink ? '\u0000link' : ''}`)
    .join('\n');
}

/** A listing as its input keeps it: the digest of listingSeen. */
export function listingDigest(entries: readonly DirectoryEntry[], digest: (bytes: Uint8Array) => string): string {
  return digest(new TextEncoder().encode(listingSeen(entries)));
}

/**
 * What changes whenever a file's bytes do, short of someone setting both times back: its size,
 * modification time and status change time. Undefined without a change time (a file system that
 * gives none), so that nothing is trusted on mtime alone.
 */
export function stampOf(stat: EntryStat | undefined): string | undefined {
  return stat?.kind === 'file' && stat.changeTime !== undefined
    ? `${stat.size} ${stat.mtime} ${stat.changeTime}`
    : undefined;
}

/** A rejection, as it is compared: its code (ENOENT …) where it has one, else its message. */
export function failureSeen(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return `failed: ${typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)}`;
}

export class SkillFolderSnapshot implements FileSystem {
  readonly reads: SnapshotReads = { stat: 0, list: 0, read: 0, real: 0 };
  private readonly stats = new Map<string, Promise<EntryStat | undefined>>();
  private readonly listings = new Map<string, Promise<DirectoryEntry[]>>();
  private readonly files = new Map<string, HeldRead>();
  private readonly realPaths = new Map<string, Promise<string>>();
  private readonly recorded = new Map<string, Promise<SnapshotInput>>();

  /** With `digest`, what is read is kept as inputs(); without it, the view only reads once. */
  constructor(
    private readonly fs: FileSystem,
    private readonly digest?: (bytes: Uint8Array) => string,
  ) {}

  get recordsReads(): boolean {
    return this.digest !== undefined;
  }

  stat(path: string): Promise<EntryStat | undefined> {
    const held = this.heldStat(path);
    if (!this.recorded.has(`stat ${path}`))
      this.record(`stat ${path}`, held, (stat) => ({ op: 'stat', path, seen: statSeen(stat) }), { op: 'stat', path });
    return held;
  }

  readDirectory(path: string): Promise<DirectoryEntry[]> {
    let held = this.listings.get(path);
    if (!held) {
      this.reads.list++;
      held = this.fs.readDirectory(path);
      this.listings.set(path, held);
      this.record(
        `list ${path}`,
        held,
        (entries) => ({ op: 'list', path, seen: this.digest ? listingDigest(entries, this.digest) : '' }),
        {
          op: 'list',
          path,
        },
      );
    }
    return held.then((entries) => [...entries]);
  }

  readFile(path: string, maxBytes?: number): Promise<Uint8Array> {
    const held = this.files.get(path);
    if (held && covers(held, maxBytes)) return held.bytes.then((bytes) => cut(bytes, held.maxBytes, maxBytes));
    this.reads.read++;
    const cap = maxBytes ?? null;
    // Recording, the file's stamp is taken before its bytes (a write after the stat moves the
    // stamp, so `validate --cache` reads the file again); the larger read covers a smaller one's
    // bytes, and only it is kept as an input.
    const stamp = this.digest ? this.heldStat(path).then(stampOf, () => undefined) : undefined;
    const bytes = stamp ? stamp.then(() => this.fs.readFile(path, maxBytes)) : this.fs.readFile(path, maxBytes);
    const read: HeldRead = { maxBytes: cap, bytes };
    this.files.set(path, read);
    if (cap !== null)
      bytes.then(
        (value) => (read.whole = value.length < cap),
        () => undefined,
      );
    if (stamp)
      this.record(
        `read ${path}`,
        Promise.all([bytes, stamp]),
        ([value, stamped]) => ({
          op: 'read',
          path,
          maxBytes: cap,
          seen: this.digest ? this.digest(value) : '',
          ...(stamped !== undefined ? { stamp: stamped } : {}),
        }),
        { op: 'read', path, maxBytes: cap },
      );
    return bytes.then((value) => cut(value, cap, maxBytes));
  }

  realPath(path: string): Promise<string> {
    let held = this.realPaths.get(path);
    if (!held) {
      this.reads.real++;
      held = this.fs.realPath(path);
      this.realPaths.set(path, held);
      this.record(`real ${path}`, held, (real) => ({ op: 'real', path, seen: real }), { op: 'real', path });
    }
    return held;
  }

  /** The stat of `path`, asked of the file system once. */
  private heldStat(path: string): Promise<EntryStat | undefined> {
    let held = this.stats.get(path);
    if (!held) {
      this.reads.stat++;
      held = this.fs.stat(path);
      this.stats.set(path, held);
    }
    return held;
  }

  /** Everything read so far, in a stable order; empty without a digest. */
  async inputs(): Promise<SnapshotInput[]> {
    const all = await Promise.all(this.recorded.values());
    return all.sort((a, b) => (a.path === b.path ? compare(a.op, b.op) : compare(a.path, b.path)));
  }

  private record<T>(
    key: string,
    result: Promise<T>,
    seen: (value: T) => SnapshotInput,
    failed: { op: SnapshotInput['op']; path: string; maxBytes?: number | null },
  ): void {
    if (!this.digest) return;
    this.recorded.set(
      key,
      result.then(seen, (error: unknown) => ({ ...failed, seen: failureSeen(error) }) as SnapshotInput),
    );
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when a read held with `held.maxBytes` can answer one capped at `maxBytes`. */
function covers(held: HeldRead, maxBytes: number | undefined): boolean {
  if (held.maxBytes === null || held.whole) return true;
  return maxBytes !== undefined && maxBytes <= held.maxBytes;
}

/** The bytes a read capped at `wanted` would give, from a read capped at `had`. */
function cut(bytes: Uint8Array, had: number | null, wanted: number | undefined): Uint8Array {
  if (wanted === undefined || had === wanted || bytes.length <= wanted) return bytes;
  return bytes.subarray(0, wanted);
}
