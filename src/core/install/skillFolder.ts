// The files of one skill folder, as `add` copies them and the lock file records them: every
// regular file below the folder (relative paths with `/`), `.git` left out, symbolic links
// refused (a link in someone else's skill may lead anywhere on the user's disk), and a
// bound on the count and the size, so that a vendored tree is not taken for a skill.
import type { FileSystem } from '../base/fileSystem';
import { joinPath } from '../base/paths';

/** `sha256:<hex>` of some bytes (node:crypto in the CLI and the extension). */
export type Digest = (bytes: Uint8Array) => string;

export const MAX_SKILL_FILES = 1000;
export const MAX_SKILL_BYTES = 50 * 1024 * 1024;

export interface SkillFolderListing {
  /** Relative paths, sorted. */
  readonly files: readonly string[];
  /** Symbolic links found (relative paths): never copied. */
  readonly links: readonly string[];
  /** Why the folder cannot be taken whole, when it cannot (too many files, too large). */
  readonly tooLarge?: string;
}

/** Every file under `dir`. */
export async function listSkillFolder(fs: FileSystem, dir: string): Promise<SkillFolderListing> {
  const files: string[] = [];
  const links: string[] = [];
  let bytes = 0;
  let tooLarge: string | undefined;
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readDirectory(folder)) {
      if (tooLarge) return;
      const relative = `${prefix}${entry.name}`;
      if (entry.isSymlink) {
        links.push(relative);
        continue;
      }
      if (entry.kind === 'directory') {
        if (entry.name !== '.git') await walk(joinPath(folder, entry.name), `${relative}/`);
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
  return { files: files.sort(), links: links.sort(), ...(tooLarge ? { tooLarge } : {}) };
}

/** The digest of every file of the folder, by relative path. */
export async function digestSkillFolder(fs: FileSystem, dir: string, digest: Digest): Promise<Record<string, string>> {
  const { files } = await listSkillFolder(fs, dir);
  const digests: Record<string, string> = {};
  for (const file of files) digests[file] = digest(await fs.readFile(joinPath(dir, file)));
  return digests;
}
