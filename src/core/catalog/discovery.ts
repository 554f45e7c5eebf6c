// Discovery (docs/precedence-and-access.md): finds skill folders below a location through the FileSystem
// interface. Bounded depth, `.git`/`node_modules` skipped, symlinks followed without loops.
import { describeError, readDirectoriesOf, type DirectoryEntry, type FileSystem } from '../base/fileSystem';
import { createTimeSlicer } from '../base/concurrency';
import { MAX_SKILL_DEPTH, SCAN_SLICE_MS } from '../base/limits';
import { joinPath, pathKey, pathSegments, samePath } from '../base/paths';

/** Folders never searched: version control and dependencies. */
export const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);
/**
 * Also skipped: a skill's own resource folders (a skill may nest other skills, but one in its
 * assets/ is a sample, not a skill). The catalog, `validate` and `add`'s review all discover
 * through this one rule, so that they agree on what a skill is.
 */
const SKIPPED_FOLDERS = new Set([...ALWAYS_SKIPPED, 'scripts', 'references', 'assets']);

/** True when a path below a location passes through a folder that discovery skips. */
export function isInSkippedFolder(relativePath: string): boolean {
  return pathSegments(relativePath).some((segment) => SKIPPED_FOLDERS.has(segment));
}

export interface DiscoveredSkillFile {
  /** Absolute path of the SKILL.md (or lowercase skill.md). */
  readonly filePath: string;
  /** The skill folder's real path, when a symbolic link on the way makes it differ from the folder's. */
  readonly realDir?: string;
}

/** Something the scan passed over, with the reason (shown in the output channel). */
export interface SkippedPath {
  readonly path: string;
  readonly reason: string;
}

export interface DiscoverOptions {
  readonly maxDepth?: number;
  /** The depth of `root` below its location (0 when `root` is the location itself). */
  readonly startDepth?: number;
  readonly onSkip?: (skipped: SkippedPath) => void;
  /**
   * The real paths of the folders above `root`, from its location down, when `root` lies
   * below a location (a rescan): a symlink back to one of them is a loop, as in a full scan.
   */
  readonly ancestors?: readonly string[];
}

/** The skill file inside a folder's entries: `SKILL.md` preferred, any other case accepted. */
export function skillFileIn(entries: readonly DirectoryEntry[]): DirectoryEntry | undefined {
  let other: DirectoryEntry | undefined;
  for (const entry of entries) {
    if (entry.name === 'SKILL.md' && entry.kind === 'file') return entry;
    if (!other && entry.kind === 'file' && entry.name.toLowerCase() === 'skill.md') other = entry;
  }
  return other;
}

/** A folder still to list during discovery. */
interface PendingFolder {
  readonly dir: string;
  readonly realDir: string;
  readonly chain: readonly string[];
  readonly depth: number;
}

/** True when `name` is a skill file name in any letter case. */
export function isSkillFileName(name: string): boolean {
  return name.toLowerCase() === 'skill.md';
}

/**
 * Finds every skill file whose folder lies 1..maxDepth levels below `root`, including
 * skills nested in other skills' folders.
 */
export async function discoverSkillFiles(
  fs: FileSystem,
  root: string,
  options: DiscoverOptions = {},
): Promise<DiscoveredSkillFile[]> {
  const maxDepth = options.maxDepth ?? MAX_SKILL_DEPTH;
  const skipped = SKIPPED_FOLDERS;
  const found: DiscoveredSkillFile[] = [];
  let realRoot: string;
  try {
    realRoot = await fs.realPath(root);
  } catch {
    return found; // A missing location is normal: most workspaces have only some of them.
  }
  const ancestors = options.ancestors ?? [];
  // `root` is inside a symlink loop, where a full scan never goes.
  const chainKeys = [...ancestors, realRoot].map((real) => pathKey(real));
  const loopAt = chainKeys.findIndex((key, i) => chainKeys.indexOf(key) < i);
  const loop = loopAt < 0 ? undefined : [...ancestors, realRoot][loopAt];
  if (loop !== undefined) {
    options.onSkip?.({ path: root, reason: `symlink loop: points back to ${loop}` });
    return found;
  }

  // Level by level, so that each level's folders are listed in one bulk call (readDirectoriesOf):
  // a scan of thousands of skill folders then costs no event-loop round trip per folder.
  // `chain` holds the path keys of the real folders above each folder, for loop detection.
  const slicer = createTimeSlicer(SCAN_SLICE_MS);
  let level: PendingFolder[] = [
    { dir: root, realDir: realRoot, chain: ancestors.map((real) => pathKey(real)), depth: options.startDepth ?? 0 },
  ];
  while (level.length > 0) {
    const listings = await readDirectoriesOf(
      fs,
      level.map((folder) => folder.dir),
    );
    const next: PendingFolder[] = [];
    for (let i = 0; i < level.length; i++) {
      if (slicer.due()) await slicer.pause();
      const { dir, realDir, chain, depth } = level[i];
      const entries = listings[i];
      if (entries instanceof Error) {
        options.onSkip?.({ path: dir, reason: `cannot read folder: ${describeError(entries)}` });
        continue;
      }
      if (depth >= 1) {
        const skillFile = skillFileIn(entries);
        if (skillFile) {
          const filePath = joinPath(dir, skillFile.name);
          found.push(samePath(realDir, dir) ? { filePath } : { filePath, realDir });
        }
        const misplaced = entries.find((e) => isSkillFileName(e.name) && e.kind !== 'file');
        if (misplaced) options.onSkip?.({ path: joinPath(dir, misplaced.name), reason: 'SKILL.md is not a file' });
      }
      if (depth >= maxDepth) continue;
      const childChain = [...chain, pathKey(realDir)];
      for (const entry of entries) {
        if (entry.kind !== 'directory' || skipped.has(entry.name)) continue;
        if (slicer.due()) await slicer.pause(); // a location may hold thousands of folders
        const child = joinPath(dir, entry.name);
        let realChild = joinPath(realDir, entry.name);
        if (entry.isSymlink) {
          try {
            realChild = await fs.realPath(child);
          } catch (error) {
            options.onSkip?.({ path: child, reason: `broken symlink: ${describeError(error)}` });
            continue;
          }
          if (childChain.includes(pathKey(realChild))) {
            options.onSkip?.({ path: child, reason: `symlink loop: points back to ${realChild}` });
            continue;
          }
        }
        next.push({ dir: child, realDir: realChild, chain: childChain, depth: depth + 1 });
      }
    }
    level = next;
  }
  return found.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
}
