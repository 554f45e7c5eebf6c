// The folders a command starts from: the working folder and the ROOT it was given.
import { normalizePath, resolvePath } from '../core/base/paths';
import type { NodeFileSystem } from '../node/nodeFileSystem';
import { UsageError } from './args';

/** The working folder, in the core's canonical form. */
export function cwd(): string {
  return normalizePath(process.cwd());
}

/** ROOT as an absolute folder that exists; bad usage otherwise. */
export async function rootFolder(fs: NodeFileSystem, root: string): Promise<string> {
  const absolute = resolvePath(cwd(), root);
  const stat = await fs.stat(absolute);
  if (!stat || stat.kind !== 'directory') throw new UsageError(`cannot read '${root}': not a folder`);
  return absolute;
}
