// Skills: Update Added Skills… (docs/install.md): the editor's `skillsmith update`. Every skill
// recorded in a workspace location's skills-lock.json is compared with its source fetched again;
// the ones that changed upstream are listed with what changed (actions.json and scripts first)
// and the local changes an update would replace; only the skills the user checks are updated,
// each all or nothing.
import * as vscode from 'vscode';
import { differenceText, isUnchanged } from '../../core/install/lockFile';
import { resolveLocations } from '../../core/catalog/locations';
import { applyUpdate, InstallError, planUpdate, readLock, type UpdatePlan } from '../../node/skillInstaller';
import { fetchSource, SourceError } from '../../node/skillSource';
import type { SkillsmithServices } from '../services';

interface Candidate {
  readonly location: string;
  readonly plan: UpdatePlan;
}

function changeText(plan: UpdatePlan): string {
  const parts = [
    plan.upstream.changed.length > 0 ? `changed: ${plan.upstream.changed.join(', ')}` : undefined,
    plan.upstream.added.length > 0 ? `new: ${plan.upstream.added.join(', ')}` : undefined,
    plan.upstream.missing.length > 0 ? `removed: ${plan.upstream.missing.join(', ')}` : undefined,
    isUnchanged(plan.local) ? undefined : `$(warning) replaces local changes (${differenceText(plan.local)})`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** Runs the command; resolves with the names updated. */
export async function updateAddedSkills(services: SkillsmithServices): Promise<string[]> {
  const roots = (vscode.workspace.workspaceFolders ?? []).map((f) => services.fs.toPath(f.uri));
  const errors: string[] = [];
  const candidates = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: 'Checking added skills against their sources…',
      cancellable: true,
    },
    async (progress, token) => {
      const found: Candidate[] = [];
      for (const location of resolveLocations({ workspaceFolders: roots, includeUser: false }).map((l) => l.path)) {
        let lock;
        try {
          lock = readLock(location);
        } catch (error) {
          errors.push((error as Error).message);
          continue;
        }
        for (const [name, entry] of Object.entries(lock.skills)) {
          if (token.isCancellationRequested) return found;
          progress.report({ message: name });
          let fetched;
          try {
            fetched = await fetchSource(entry.source);
          } catch (error) {
            if (!(error instanceof SourceError)) throw error;
            errors.push(`${name}: ${error.message}`);
            continue;
          }
          try {
            const plan = await planUpdate(location, name, fetched.root, fetched.commit);
            if (!isUnchanged(plan.upstream)) found.push({ location, plan });
          } catch (error) {
            if (!(error instanceof InstallError)) throw error;
            errors.push(`${name}: ${error.message}`);
          } finally {
            fetched.dispose();
          }
        }
      }
      return found;
    },
  );
  for (const error of errors) services.log.warn(`Update Added Skills: ${error}`);
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage(
      errors.length > 0
        ? `No update applied; ${errors.length} skill(s) could not be checked: ${errors[0]}`
        : 'Every added skill is up to date with its source.',
    );
    return [];
  }
  const picked = await vscode.window.showQuickPick(
    candidates.map((candidate) => ({
      label: candidate.plan.name,
      description: `${candidate.plan.entry.commit?.slice(0, 12) ?? 'local'} → ${candidate.plan.commit?.slice(0, 12) ?? 'local'}`,
      detail: changeText(candidate.plan),
      candidate,
    })),
    {
      title: 'Update which skills from their sources?',
      placeHolder: 'What changed upstream: actions.json and scripts first',
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked || picked.length === 0) return [];
  const updated: string[] = [];
  for (const { candidate } of picked) {
    try {
      await applyUpdate(candidate.location, candidate.plan);
      updated.push(candidate.plan.name);
    } catch (error) {
      if (!(error instanceof InstallError)) throw error;
      void vscode.window.showErrorMessage(`${candidate.plan.name} was not updated: ${error.message}`);
    }
  }
  if (updated.length > 0)
    void vscode.window.showInformationMessage(`Updated ${updated.join(', ')} from their sources.`);
  return updated;
}
