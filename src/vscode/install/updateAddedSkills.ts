// Skills: Update Added Skills… (docs/install.md): the editor's `skillsmith update`. Every skill
// recorded in a workspace location's skills-lock.json is compared with its source fetched again;
// the ones that changed upstream are listed with what changed (actions.json and scripts first)
// and the local changes an update would replace. The new versions are reviewed as an add is
// (src/node/updateReview.ts), and the review opens before the choice; only the skills the user
// checks are updated, a security warning needs a second choice, and each is all or nothing.
import * as vscode from 'vscode';
import { escapeUnsafeCharacters } from '../../core/base/text';
import { differenceText, isUnchanged } from '../../core/install/lockFile';
import { resolveLocations } from '../../core/catalog/locations';
import {
  applyUpdate,
  finishInterruptedWrite,
  InstallError,
  planUpdate,
  readLock,
  type UpdatePlan,
} from '../../node/skillInstaller';
import { outsideSourceText, sourceOutsideProject, sourceToFetch } from '../../node/recordedSource';
import { fetchSource, SourceError } from '../../node/skillSource';
import { updateDiffMarkdown } from '../../node/updateDiff';
import { historyNote, reviewUpstream } from '../../node/updateReview';
import {
  needsSecondConfirmation,
  reviewMarkdown,
  secondConfirmationReason,
  type ReviewedSkill,
} from '../../core/install/review';
import type { SkillsmithServices } from '../services';
import { inBackground } from '../background';

interface Candidate {
  readonly location: string;
  readonly plan: UpdatePlan;
  readonly review: ReviewedSkill;
  readonly history: string | undefined;
  /** Removes the fetched source: only after the update is applied, which copies from it. */
  readonly dispose: () => void;
}

const warningsOf = (skill: ReviewedSkill) => skill.security.filter((p) => p.severity === 'warning');

function changeText(plan: UpdatePlan): string {
  const parts = [
    plan.upstream.changed.length > 0 ? `changed: ${plan.upstream.changed.join(', ')}` : undefined,
    plan.upstream.added.length > 0 ? `new: ${plan.upstream.added.join(', ')}` : undefined,
    plan.upstream.missing.length > 0 ? `removed: ${plan.upstream.missing.join(', ')}` : undefined,
    isUnchanged(plan.local) ? undefined : `$(warning) replaces local changes (${differenceText(plan.local)})`,
  ];
  return escapeUnsafeCharacters(parts.filter(Boolean).join(' · '));
}

/**
 * Whether to read the sources the locks name outside the workspace (docs/install.md, "Update"):
 * a lock is shared and may name any folder on this machine, so that needs the user's choice
 * first, Skip first, so that Enter alone reads nothing. True when there are none.
 */
async function askToReadOutsideSources(roots: readonly string[]): Promise<boolean> {
  const outside: string[] = [];
  for (const { path: location, root } of resolveLocations({ workspaceFolders: roots, includeUser: false })) {
    let lock;
    try {
      lock = readLock(location);
    } catch {
      continue; // said by the check itself
    }
    for (const [name, entry] of Object.entries(lock.skills)) {
      const folder = sourceOutsideProject(entry.source, location, root ?? location);
      if (folder !== undefined) outside.push(`${name} (${folder})`);
    }
  }
  if (outside.length === 0) return true;
  const answer = await vscode.window.showQuickPick(
    [
      { label: '$(close) Skip them', description: 'check only the other skills', read: false },
      { label: '$(folder-opened) Read them', description: 'I know these folders', read: true },
    ],
    {
      title: escapeUnsafeCharacters(
        `skills-lock.json names folders outside the workspace as sources: ${outside.join(', ')}`,
      ),
      placeHolder: 'A lock is committed and shared, and may name any folder on this machine',
      ignoreFocusOut: true,
    },
  );
  return answer?.read === true;
}

/** Runs the command; resolves with the names updated. */
export async function updateAddedSkills(services: SkillsmithServices): Promise<string[]> {
  const roots = (vscode.workspace.workspaceFolders ?? []).map((f) => services.fs.toPath(f.uri));
  const errors: string[] = [];
  const readOutside = await askToReadOutsideSources(roots);
  const candidates = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: 'Checking added skills against their sources…',
      cancellable: true,
    },
    async (progress, token) => {
      const found: Candidate[] = [];
      for (const { path: location, root: projectRoot } of resolveLocations({
        workspaceFolders: roots,
        includeUser: false,
      })) {
        let lock;
        try {
          const finished = await finishInterruptedWrite(location);
          if (finished) services.log.info(`Update Added Skills: ${location}: ${finished}`);
          lock = readLock(location);
        } catch (error) {
          errors.push((error as Error).message);
          continue;
        }
        for (const [name, entry] of Object.entries(lock.skills)) {
          if (token.isCancellationRequested) return found;
          progress.report({ message: name });
          const outside = sourceOutsideProject(entry.source, location, projectRoot ?? location);
          if (outside !== undefined && !readOutside) {
            errors.push(`${name} was not checked: ${outsideSourceText(name, outside)}`);
            continue;
          }
          let fetched;
          try {
            // The ref add was given (docs/install.md): update stays on it.
            fetched = await fetchSource(sourceToFetch(entry.source, location), entry.ref);
          } catch (error) {
            if (!(error instanceof SourceError)) throw error;
            errors.push(`${name}: ${error.message}`);
            continue;
          }
          const source = fetched;
          let kept = false;
          try {
            const plan = await planUpdate(location, name, fetched.root, fetched.commit);
            if (!isUnchanged(plan.upstream)) {
              const review = await reviewUpstream(location, projectRoot ?? location, plan, fetched.root);
              const history = await historyNote(plan, fetched.root);
              found.push({ location, plan, review, history, dispose: () => source.dispose() });
              kept = true;
            }
          } catch (error) {
            if (!(error instanceof InstallError)) throw error;
            errors.push(`${name}: ${error.message}`);
          } finally {
            if (!kept) fetched.dispose();
          }
        }
      }
      return found;
    },
  );
  for (const error of errors) services.log.warn(`Update Added Skills: ${error}`);
  if (candidates.length === 0) {
    inBackground(
      services.log,
      'an information message',
      vscode.window.showInformationMessage(
        errors.length > 0
          ? escapeUnsafeCharacters(`No update applied; ${errors.length} skill(s) could not be checked: ${errors[0]}`)
          : 'Every added skill is up to date with its source.',
      ),
    );
    return [];
  }
  try {
    return await chooseAndApply(services, candidates);
  } finally {
    for (const candidate of candidates) candidate.dispose();
  }
}

/** The review beside, the choice, the second choice for security warnings, then the updates. */
async function chooseAndApply(services: SkillsmithServices, candidates: readonly Candidate[]): Promise<string[]> {
  // The review, findings first, then the diff (actions.json and scripts first): read-only, in a
  // locked preview beside that stays on it until the choice is made.
  await services.readOnly.showLockedMarkdown(
    'Review of the updates.md',
    candidates
      .map((c) =>
        [
          reviewMarkdown(c.plan.entry.source, c.plan.commit, [c.review]),
          ...(c.history ? [c.history, ''] : []),
          `Changes to ${c.plan.name}: ${changeText(c.plan)}`,
          '',
          updateDiffMarkdown(c.location, c.plan),
        ].join('\n'),
      )
      .join('\n'),
  );
  const blocked = candidates.filter((c) => c.review.blocked);
  const picked = await vscode.window.showQuickPick(
    candidates
      .filter((c) => !c.review.blocked)
      .map((candidate) => ({
        label: escapeUnsafeCharacters(candidate.plan.name),
        description: `${candidate.plan.entry.commit?.slice(0, 12) ?? 'local'} → ${candidate.plan.commit?.slice(0, 12) ?? 'local'}${candidate.history ? ' $(warning) history rewritten' : ''}`,
        detail: `${warningsOf(candidate.review).length > 0 ? `$(warning) ${warningsOf(candidate.review).length} security warning(s) · ` : ''}${changeText(candidate.plan)}`,
        candidate,
      })),
    {
      title: 'Update which skills from their sources? (the review is open beside)',
      placeHolder:
        blocked.length > 0
          ? `Not listed: ${blocked.map((c) => `${c.plan.name} (${c.review.blocked})`).join('; ')}`
          : 'What changed upstream: actions.json and scripts first',
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked || picked.length === 0) return [];
  const risky = picked.filter((p) => needsSecondConfirmation(p.candidate.review));
  if (risky.length > 0) {
    // The same second, explicit choice as Add: Cancel first, so that Enter alone never updates.
    const what = escapeUnsafeCharacters(
      risky.map((p) => `${p.candidate.plan.name}: ${secondConfirmationReason(p.candidate.review)}`).join('; '),
    );
    const answer = await vscode.window.showQuickPick(
      [
        { label: '$(close) Cancel', description: 'update nothing', update: false },
        {
          label: '$(warning) Update anyway',
          description: 'I have read the security findings in the review',
          update: true,
        },
      ],
      {
        title: `Security warnings in the new versions you chose (${what})`,
        placeHolder: 'Read the findings in the review beside, then choose',
        ignoreFocusOut: true,
      },
    );
    if (!answer?.update) return [];
  }
  const updated: string[] = [];
  for (const { candidate } of picked) {
    try {
      await applyUpdate(candidate.location, candidate.plan);
      updated.push(candidate.plan.name);
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      inBackground(
        services.log,
        'an error message',
        vscode.window.showErrorMessage(
          escapeUnsafeCharacters(`${candidate.plan.name} was not updated: ${error.message}`),
        ),
      );
    }
  }
  if (updated.length > 0)
    inBackground(
      services.log,
      'an information message',
      vscode.window.showInformationMessage(escapeUnsafeCharacters(`Updated ${updated.join(', ')} from their sources.`)),
    );
  return updated;
}
