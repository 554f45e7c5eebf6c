// Skills: Add Skill from Repository… (docs/install.md): the editor's `skillsmith add`. The
// source (a Git URL, owner/repo, a local folder) is fetched with the user's git, and the review
// opens before anything is written: every skill with its lint and security findings, its
// actions and what they run, and the agents that load it. The user picks the skills to add; a
// skill with security warnings needs a second, explicit confirmation; then the staged add
// writes them and their provenance (skills-lock.json), all or nothing.
import * as vscode from 'vscode';
import { escapeUnsafeCharacters } from '../../core/base/text';
import { joinPath, toNativePath } from '../../core/base/paths';
import { reachText } from '../../core/hosts/hostNames';
import type { HostId } from '../../core/hosts/hostIds';
import { folderReaches } from '../../core/hosts/placement';
import { lockPathFor } from '../../core/install/lockFile';
import {
  needsSecondConfirmation,
  reviewAgentsText,
  reviewMarkdown,
  reviewSource,
  secondConfirmationReason,
  type ReviewedSkill,
} from '../../core/install/review';
import { NodeFileSystem } from '../../node/nodeFileSystem';
import { countO200kTokensUpTo } from '../../node/o200k';
import { addSkills, finishInterruptedWrite, InstallError } from '../../node/skillInstaller';
import { recordedSource } from '../../node/recordedSource';
import { fetchSource, SourceError } from '../../node/skillSource';
import type { SkillsmithServices } from '../services';
import { readSettings } from '../settings';
import { inBackground } from '../background';

/** Optional arguments (keybindings, tests): each skips its prompt. */
export interface AddFromRepositoryArgs {
  readonly source?: string;
  /** A location relative to the first workspace folder, e.g. `.agents/skills`. */
  readonly location?: string;
}

/** The project folders the agents read, with which of the user's agents (`skillsmith.hosts`) read each, most first (docs/hosts.md). */
function locationChoices(hosts: readonly HostId[]): vscode.QuickPickItem[] {
  const reaches = folderReaches(hosts, 'workspace');
  return ['.agents/skills', '.claude/skills', '.github/skills']
    .map((folder) => ({ folder, reading: reaches.find((r) => r.folder === folder)?.hosts ?? [] }))
    .sort((a, b) => b.reading.length - a.reading.length)
    .map(({ folder, reading }) => {
      const text = reachText(
        reading,
        hosts.filter((host) => !reading.includes(host)),
      );
      return { label: folder, detail: text.charAt(0).toUpperCase() + text.slice(1) };
    });
}

function summary(skill: ReviewedSkill): string {
  const warnings = skill.security.filter((p) => p.severity === 'warning');
  const parts = [
    warnings.length > 0
      ? `$(warning) ${warnings.length} security warning${warnings.length === 1 ? '' : 's'} (${[...new Set(warnings.map((w) => w.code))].join(', ')})`
      : skill.notReviewed.length > 0
        ? '$(warning) not fully reviewed'
        : '$(pass) no security warning',
    skill.notReviewed.length > 0 && warnings.length > 0 ? '$(warning) not fully reviewed' : undefined,
    skill.quality.length > 0
      ? `${skill.quality.length} quality finding${skill.quality.length === 1 ? '' : 's'} (not security)`
      : undefined,
    skill.errors.length > 0 ? `${skill.errors.length} lint error${skill.errors.length === 1 ? '' : 's'}` : undefined,
    skill.actions.length > 0 ? `runs ${skill.actions.map((a) => a.run[0]).join(', ')}` : undefined,
    reviewAgentsText(skill),
  ];
  return escapeUnsafeCharacters(parts.filter(Boolean).join(' · '));
}

/** Runs the command; resolves with the names added (none when the user stopped). */
export async function addFromRepository(
  services: SkillsmithServices,
  args: AddFromRepositoryArgs = {},
): Promise<string[]> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    inBackground(
      services.log,
      'a warning message',
      vscode.window.showWarningMessage('Open a folder first: skills are added to one of its skill folders.'),
    );
    return [];
  }
  const source =
    args.source ??
    (await vscode.window.showInputBox({
      title: 'Add Skill from Repository',
      prompt: 'A Git URL, owner/repo (GitHub), or a local folder or clone',
      placeHolder: 'https://github.com/owner/repo',
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? 'Give a repository or a folder.' : undefined),
    }));
  if (!source?.trim()) return [];
  const relative =
    args.location ??
    (
      await vscode.window.showQuickPick(locationChoices(readSettings().hosts), {
        title: 'Add the skills to which folder?',
        placeHolder: 'Where your agents read skills',
        ignoreFocusOut: true,
      })
    )?.label;
  if (!relative) return [];
  const root = services.fs.toPath(folder.uri);
  const location = joinPath(root, relative);

  let fetched;
  let reviewed: ReviewedSkill[];
  try {
    fetched = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Fetching ${source.trim()}…` },
      () => fetchSource(source.trim()),
    );
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    inBackground(
      services.log,
      'an error message',
      vscode.window.showErrorMessage(escapeUnsafeCharacters(`Cannot add skills: ${error.message}.`)),
    );
    return [];
  }
  try {
    const finished = await finishInterruptedWrite(location);
    if (finished) services.log.info(`Add Skill from Repository: ${toNativePath(location)}: ${finished}`);
    reviewed = await reviewSource(new NodeFileSystem(), fetched.root, {
      location,
      projectRoot: root,
      countTokens: countO200kTokensUpTo,
    });
    if (reviewed.length === 0) {
      inBackground(
        services.log,
        'a warning message',
        vscode.window.showWarningMessage(
          escapeUnsafeCharacters(`${source.trim()} holds no skill (no folder with a SKILL.md). Nothing was added.`),
        ),
      );
      return [];
    }
    // The review, before any choice: read-only, in a locked preview beside that stays on it.
    await services.readOnly.showLockedMarkdown(
      'Review of the skills to add.md',
      reviewMarkdown(fetched.source, fetched.commit, reviewed),
    );

    const addable = reviewed.filter((s) => !s.blocked);
    const items = addable.map((skill) => ({
      label: escapeUnsafeCharacters(skill.name),
      description: escapeUnsafeCharacters(skill.path),
      detail: summary(skill),
      skill,
    }));
    const blocked = reviewed.filter((s) => s.blocked);
    const picked = await vscode.window.showQuickPick(items, {
      title: `Add which skills to ${relative}? (the review is open beside)`,
      placeHolder:
        blocked.length > 0
          ? escapeUnsafeCharacters(`Not listed: ${blocked.map((s) => `${s.name} (${s.blocked})`).join('; ')}`)
          : 'Check the skills to add, then press Enter',
      canPickMany: true,
      ignoreFocusOut: true,
    });
    if (!picked || picked.length === 0) return [];
    const chosen = picked.map((p) => p.skill);
    const risky = chosen.filter(needsSecondConfirmation);
    if (risky.length > 0) {
      // A second, explicit choice, in a list whose first (focused) item is the safe one, so
      // that Enter alone never adds. (A quick pick rather than a modal: keyboard-friendly, and
      // the review stays readable beside it.)
      const what = escapeUnsafeCharacters(risky.map((s) => `${s.name}: ${secondConfirmationReason(s)}`).join('; '));
      const answer = await vscode.window.showQuickPick(
        [
          { label: '$(close) Cancel', description: 'add nothing', add: false },
          { label: '$(warning) Add anyway', description: 'I have read the security findings in the review', add: true },
        ],
        {
          title: `Security warnings in the skills you chose (${what})`,
          placeHolder: 'Read the findings in the review beside, then choose',
          ignoreFocusOut: true,
        },
      );
      if (!answer?.add) return [];
    }
    const recorded = recordedSource(fetched.source, location, root);
    if (recorded.warning)
      inBackground(services.log, 'a warning message', vscode.window.showWarningMessage(`Skills: ${recorded.warning}.`));
    const added = await addSkills({ location, source: recorded.source, commit: fetched.commit, skills: chosen });
    const lock = vscode.workspace.asRelativePath(vscode.Uri.file(toNativePath(lockPathFor(location))));
    inBackground(
      services.log,
      'an information message',
      vscode.window
        .showInformationMessage(
          escapeUnsafeCharacters(`Added ${added.join(', ')} to ${relative} (provenance in ${lock}).`),
          'Open SKILL.md',
        )
        .then((choice) => {
          if (choice)
            return vscode.window.showTextDocument(services.fs.toUri(joinPath(location, added[0], 'SKILL.md')));
        }),
    );
    return added;
  } catch (error) {
    if (!(error instanceof InstallError)) throw error;
    inBackground(
      services.log,
      'an error message',
      vscode.window.showErrorMessage(escapeUnsafeCharacters(`Nothing was added: ${error.message}`)),
    );
    return [];
  } finally {
    fetched.dispose();
  }
}
