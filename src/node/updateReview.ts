// The review of an update (docs/install.md), shared by `skillsmith update` and the editor's
// Update Added Skills: the skill's new version is reviewed as `add` reviews a source, before
// anything is written, and an upstream whose history was rewritten is said plainly.
import { reviewSource, type ReviewedSkill } from '../core/install/review';
import { NodeFileSystem } from './nodeFileSystem';
import { countO200kTokensUpTo } from './o200k';
import { InstallError, type UpdatePlan } from './skillInstaller';
import { descendsFrom, sourceKind } from './skillSource';

/** The review of the skill's new version, as `add` would show it (its name being taken is no block here). */
export async function reviewUpstream(
  location: string,
  projectRoot: string,
  plan: UpdatePlan,
  fetchedRoot: string,
): Promise<ReviewedSkill> {
  const reviewed = await reviewSource(new NodeFileSystem(), fetchedRoot, {
    location,
    projectRoot,
    countTokens: countO200kTokensUpTo,
    replacing: plan.name,
  });
  const found = reviewed.find((s) => s.path === plan.entry.path);
  if (!found)
    throw new InstallError(`the source has no SKILL.md in ${plan.entry.path} any more: nothing to update from`);
  return { ...found, name: plan.name };
}

/** Said plainly before the question: the new commit does not descend from the pinned one. */
export async function historyNote(plan: UpdatePlan, fetchedRoot: string): Promise<string | undefined> {
  const pinned = plan.entry.commit;
  if (!pinned || !plan.commit || pinned === plan.commit) return undefined;
  const descends = await descendsFrom(fetchedRoot, pinned, plan.commit, sourceKind(plan.entry.source).kind === 'git');
  if (descends === true) return undefined;
  return descends === false
    ? `**History was rewritten upstream:** ${plan.commit.slice(0, 12)} does not descend from the pinned ${pinned.slice(0, 12)}. What you reviewed before may not be in the new version's history at all.`
    : `**The pinned commit ${pinned.slice(0, 12)} is no longer in the upstream's history:** it was rewritten, or the commit was removed. Review the whole skill, not only the changes.`;
}
