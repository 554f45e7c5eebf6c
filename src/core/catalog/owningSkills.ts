// Which skills own a set of changed paths: a script, a reference or a folder belongs to the
// nearest skill folder above it (skills can nest). The editor re-lints those skills when
// their bundled files change; a storm of paths costs one map of the catalog's folders and a
// walk up each path, not a pass over the catalog per path.
import { dirnamePath, pathKey, samePath, type PathFlavor, HOST_PATHS } from '../base/paths';
import type { SkillRecord } from './skillRecord';

/** The skill files (SKILL.md paths) of the skills that own `paths`; paths in no skill are ignored. */
export function skillFilesOwning(
  records: readonly Pick<SkillRecord, 'dir' | 'filePath'>[],
  paths: Iterable<string>,
  flavor: PathFlavor = HOST_PATHS,
): Set<string> {
  const byDir = new Map(records.map((r) => [pathKey(r.dir, flavor), r.filePath]));
  const owners = new Set<string>();
  for (const path of paths) {
    for (let dir = path; ; dir = dirnamePath(dir, flavor)) {
      const owner = byDir.get(pathKey(dir, flavor));
      if (owner !== undefined) {
        owners.add(owner);
        break;
      }
      if (samePath(dirnamePath(dir, flavor), dir, flavor)) break;
    }
  }
  return owners;
}
