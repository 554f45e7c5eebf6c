// The order in which each host lists its skills (docs/hosts.md, "Profiles": `listingOrder`).
import { compareCodePoints } from '../base/text';
import type { HostProfile } from './profiles';
import type { ListedSkill } from './listedSkill';

/** The order of a host's listing (and of its reading, for duplicates). */
export function listingComparator(profile: HostProfile): (a: ListedSkill, b: ListedSkill) => number {
  const byName = (a: ListedSkill, b: ListedSkill) =>
    compareCodePoints(a.key, b.key) || compareCodePoints(a.record.filePath, b.record.filePath);
  switch (profile.listingOrder.value) {
    case 'group-then-name':
      return (a, b) => a.group - b.group || byName(a, b);
    case 'user-first-by-folder':
      // User folders (group > 0) before project ones (group 0).
      return (a, b) =>
        Number(a.group === 0) - Number(b.group === 0) ||
        a.group - b.group ||
        compareCodePoints(a.record.folderName.toLowerCase(), b.record.folderName.toLowerCase()) ||
        byName(a, b);
    case 'folder-then-path':
      return (a, b) => a.rank - b.rank || comparePathSegments(a.file, b.file) || byName(a, b);
    default:
      return byName;
  }
}

/** Paths compared folder by folder, as a walk that sorts each folder's entries meets them. */
function comparePathSegments(a: string, b: string): number {
  const as = a.split(/[\\/]/);
  const bs = b.split(/[\\/]/);
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const order = compareCodePoints(as[i], bs[i]);
    if (order) return order;
  }
  return as.length - bs.length;
}
