// Makes a skill folder reachable from a second agents' folder without copying it
// (docs/hosts.md, "Where to put a skill"): a relative symbolic link on Linux and macOS, which
// Git stores as a link; a directory junction on Windows, which needs neither Developer Mode nor
// administrator rights (Git does not store it: it is local to that checkout). Never over
// anything that exists.
import * as fs from 'node:fs/promises';
import { dirnamePath, relativePath, toNativePath } from '../core/base/paths';

/** How the link was made, for the message. */
export type LinkKind = 'symbolic link' | 'junction';

/**
 * Makes `link` (a folder path that must not exist) point at the folder `target`; its parent
 * folders are created. Rejects with a clear error when `link` exists, or the system refuses.
 */
export async function linkSkillFolder(
  target: string,
  link: string,
  platform: NodeJS.Platform = process.platform,
): Promise<LinkKind> {
  const nativeLink = toNativePath(link);
  const there = await fs.lstat(nativeLink).catch(() => undefined);
  if (there) throw new Error(`${nativeLink} already exists; nothing was changed.`);
  await fs.mkdir(toNativePath(dirnamePath(link)), { recursive: true });
  if (platform === 'win32') {
    await fs.symlink(toNativePath(target), nativeLink, 'junction');
    return 'junction';
  }
  // Relative, so that the link holds in every clone of the repository.
  const relative = relativePath(dirnamePath(link), target) ?? target;
  await fs.symlink(toNativePath(relative), nativeLink, 'dir');
  return 'symbolic link';
}
