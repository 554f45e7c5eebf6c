// Which of several files declaring one name wins (docs/precedence-and-access.md), and the
// duplicate-name warning that tells each loser where the winner is and why it wins.
import { toNativePath } from '../base/paths';
import { compareCodePoints } from '../base/text';
import type { Problem } from '../base/types';
import type { SkillRecord } from './skillRecord';

/** A skill without errors beats one with errors; then the better location; then the path. */
export function byPrecedence(a: SkillRecord, b: SkillRecord): number {
  return (
    Number(a.hasErrors) - Number(b.hasErrors) ||
    a.location.rank - b.location.rank ||
    compareCodePoints(a.filePath, b.filePath)
  );
}

/** Why `winner` beats `loser` (docs/precedence-and-access.md), in words for the duplicate-name message. */
function precedenceReason(loser: SkillRecord, winner: SkillRecord): string {
  if (loser.hasErrors && !winner.hasErrors) return 'a skill without errors beats one with errors';
  const [w, l] = [winner.location, loser.location];
  if (w.scope !== l.scope) return 'workspace skills beat user-level ones';
  // Multi-root: the same configured location in two workspace folders.
  if (w.label === l.label && w.root !== l.root)
    return `workspace folder '${toNativePath(w.root ?? '')}' comes before '${toNativePath(l.root ?? '')}'`;
  if (w.rank !== l.rank) return `location '${w.label}' comes before '${l.label}'`;
  return 'the first path in sort order wins';
}

/** The duplicate-name warning of a shadowed file. */
export function duplicateNameProblem(loser: SkillRecord, winner: SkillRecord): Problem {
  const why = precedenceReason(loser, winner);
  const start = loser.nameRange?.start ?? { line: 0, character: 0 };
  const end = loser.nameRange?.end ?? { line: 0, character: 3 };
  return {
    code: 'duplicate-name',
    severity: 'warning',
    message: `Another skill named '${winner.name}' exists at ${toNativePath(winner.filePath)} and wins (${why}), so this one is not offered. Rename one of them.`,
    range: { start, end },
  };
}
