// The files of one skill folder, as `add` copies them, the lock file records them and the
// editor's `modified-since-added` compares them: every regular file below the folder (relative
// paths with `/`), `.git` files and folders left out, an embedded Git repository reported,
// symbolic links refused (a link in someone else's skill may lead anywhere on the user's disk),
// and a bound on the count and the size, so that a vendored tree is not taken for a skill.
import type { FileSystem } from './fileSystem';
import { joinPath } from './paths';

export const MAX_SKILL_FILES = 1000;
export const MAX_SKILL_BYTES = 50 * 1024 * 1024;

export interface SkillFolderListing {
  /** Relative paths, sorted. */
  readonly files: readonly string[];
  /** Symbolic links found (relative paths): never copied. */
  readonly links: readonly string[];
  /** `.git` files and folders found (relative paths): never copied, never digested. */
  readonly gitEntries: readonly string[];
  /**
   * Folders laid out as a Git repository (HEAD, config, objects/): a gitdir shipped as plain
   * files, which a planted `.git` file, or git itself, would take for a repository and whose
   * config (`core.fsmonitor`) runs programs. `.` for the folder itself.
   */
  readonly embeddedRepositories: readonly string[];
  /** Why the folder cannot be taken whole, when it cannot (too many files, too large). */
  readonly tooLarge?: string;
}

/** Every file under `dir`. */
export async function listSkillFolder(fs: FileSystem, dir: string): Promise<SkillFolderListing> {
  const files: string[] = [];
  const links: string[] = [];
  const gitEntries: string[] = [];
  const embeddedRepositories: string[] = [];
  let bytes = 0;
  let tooLarge: string | undefined;
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const entries = await fs.readDirectory(folder);
    const has = (name: string, kind: 'file' | 'directory') =>
      entries.some((e) => e.name === name && e.kind === kind && !e.isSymlink);
    if (has('HEAD', 'file') && has('config', 'file') && has('objects', 'directory'))
      embeddedRepositories.push(prefix === '' ? '.' : prefix.slice(0, -1));
    for (const entry of entries) {
      if (tooLarge) return;
      const relative = `${prefix}${entry.name}`;
      if (entry.isSymlink) {
        links.push(relative);
        continue;
      }
      if (entry.name.toLowerCase() === '.git') {
        gitEntries.push(relative);
        continue;
      }
      if (entry.kind === 'directory') {
        await walk(joinPath(folder, entry.name), `${relative}/`);
        continue;
      }
      if (entry.kind !== 'file') continue;
      files.push(relative);
      bytes += (await fs.stat(joinPath(folder, entry.name)))?.size ?? 0;
      if (files.length > MAX_SKILL_FILES) tooLarge = `more than ${MAX_SKILL_FILES} files`;
      else if (bytes > MAX_SKILL_BYTES) tooLarge = `more than ${MAX_SKILL_BYTES / 1024 / 1024} MB`;
    }
  };
  await walk(dir, '');
  return {
    files: files.sort(),
    links: links.sort(),
    gitEntries: gitEntries.sort(),
    embeddedRepositories: embeddedRepositories.sort(),
    ...(tooLarge ? { tooLarge } : {}),
  };
}
