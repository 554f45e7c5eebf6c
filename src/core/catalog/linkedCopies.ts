// A skill folder reached twice through a symbolic link (`.claude/skills/x` linked to
// `.agents/skills/x`, the way repositories publish one skill to several agents) is one skill:
// its copies do not rival each other for the name (no duplicate-name), and each host reaches
// it through whichever copy sits in a folder that host reads.
import { samePath } from '../base/paths';
import type { SkillRecord } from './skillRecord';

/** The folder's real path: `realDir` when a link made it differ, the folder otherwise. */
export const realDirOf = (record: SkillRecord): string => record.realDir ?? record.dir;

/** Whether two records are the same folder on disk, one reached through a link. */
export function sameSkillFolder(a: SkillRecord, b: SkillRecord): boolean {
  return a !== b && samePath(realDirOf(a), realDirOf(b));
}
