// The verdicts of one skill folder reached through several copies (catalog/linkedCopies.ts): a
// host reaches the skill through whichever copy it does best with, so that a link from
// `.claude/skills/x` to `.agents/skills/x` makes the skill load in Claude Code too, and the
// copy a host skips as a duplicate of itself is no problem.
import type { HostId } from './profiles';
import type { HostVerdict } from './verdicts';

/** How well a host takes a copy: listed in full best, then shortened, by name, dropped, refused, not found. */
function standing(verdict: HostVerdict): number {
  if (!verdict.loads) return verdict.found ? 1 : 0;
  switch (verdict.listing?.form) {
    case 'shortened':
      return 5;
    case 'name-only':
      return 4;
    case 'dropped':
      return 3;
    default:
      return 6; // in full, or kept from the model on purpose (user-only)
  }
}

/** Per host, the best of the verdicts of a skill's own copy and of its linked copies (the own one on a tie). */
export function mergedVerdicts(
  own: ReadonlyMap<HostId, HostVerdict>,
  copies: readonly (ReadonlyMap<HostId, HostVerdict> | undefined)[],
): Map<HostId, HostVerdict> {
  const merged = new Map(own);
  for (const [host, verdict] of own)
    for (const copy of copies) {
      const other = copy?.get(host);
      if (other && standing(other) > standing(merged.get(host) ?? verdict)) merged.set(host, other);
    }
  return merged;
}
