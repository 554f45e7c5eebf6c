// Digests and the way in, for the skill folders `add` copies (docs/install.md): the listing
// itself is core/base/skillFolderListing.ts, which the lint's `modified-since-added` shares.
import type { FileSystem } from '../base/fileSystem';
import { isInside, joinPath, relativePath } from '../base/paths';
import { listSkillFolder } from '../base/skillFolderListing';

/** `sha256:<hex>` of some bytes (node:crypto in the CLI and the extension). */
export type Digest = (bytes: Uint8Array) => string;

/** The digest of every file of the folder, by relative path. */
export async function digestSkillFolder(fs: FileSystem, dir: string, digest: Digest): Promise<Record<string, string>> {
  const { files } = await listSkillFolder(fs, dir);
  const digests: Record<string, string> = {};
  for (const file of files) digests[file] = digest(await fs.readFile(joinPath(dir, file)));
  return digests;
}

/**
 * Why the way from a source's `root` to the folder `dir` cannot be trusted, or undefined: `dir`
 * outside `root`, or a symbolic link on the way (a skill folder committed as a link may lead
 * anywhere on the user's disk; the links inside a skill are refused by listSkillFolder).
 */
export async function wayFromRootProblem(fs: FileSystem, root: string, dir: string): Promise<string | undefined> {
  const relative = relativePath(root, dir);
  if (relative === undefined || !isInside(dir, root) || relative.split('/').includes('..'))
    return `it is not inside the source (${dir})`;
  let at = root;
  for (const segment of relative === '' ? [] : relative.split('/')) {
    at = joinPath(at, segment);
    const stat = await fs.stat(at);
    if (!stat) return `${relative} does not exist in the source`;
    if (stat.isSymlink) return `${relative} is reached through a symbolic link (${segment}), which is never followed`;
  }
  return undefined;
}
