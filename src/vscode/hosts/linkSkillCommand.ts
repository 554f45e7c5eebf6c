// `Skills: Link Skill into Another Agents' Folder…` (docs/hosts.md, "Where to put a skill"): no
// one folder is read by every chosen host, so a skill placed as well as one folder allows still
// misses one (`.agents/skills` reaches VS Code's agent and Codex, `.claude/skills` VS Code's agent
// and Claude Code). The command offers the folders that would add a host, says which, and links
// the skill's folder there (src/node/skillLink.ts); the catalog then knows both for one skill
// (core/catalog/linkedCopies.ts). It resolves with the link's path, or undefined.
import * as vscode from 'vscode';
import { joinPath, pathKey, samePath, toNativePath } from '../../core/base/paths';
import type { CatalogEntry } from '../../core/catalog/catalog';
import { realDirOf } from '../../core/catalog/linkedCopies';
import { hostNameList } from '../../core/hosts/hostNames';
import { folderReaches } from '../../core/hosts/placement';
import type { HostId } from '../../core/hosts/profiles';
import { linkSkillFolder } from '../../node/skillLink';
import type { SkillsmithServices } from '../services';
import { inBackground } from '../background';

/** The skill the command was given: a Skills view item, a SKILL.md's Uri, or none (then picked). */
function givenEntry(services: SkillsmithServices, arg: unknown): CatalogEntry | undefined {
  if (arg instanceof vscode.Uri) return services.catalog.entryForFile(services.fs.toPath(arg));
  const item = arg as { kind?: string; entry?: CatalogEntry } | undefined;
  if (item?.kind === 'skill' && item.entry) return services.catalog.entryForFile(item.entry.record.filePath);
  return undefined;
}

async function pickEntry(services: SkillsmithServices): Promise<CatalogEntry | undefined> {
  const entries = services.catalog.entries().filter((e) => e.status !== 'shadowed');
  const picked = await vscode.window.showQuickPick(
    entries.map((entry) => ({
      label: entry.record.name,
      description: entry.record.location.label,
      detail: toNativePath(entry.record.dir),
      entry,
    })),
    { title: "Link Skill into Another Agents' Folder", placeHolder: 'Which skill?', matchOnDescription: true },
  );
  return picked?.entry;
}

/** Runs the command; see the top of this file. */
export async function linkSkillCommand(services: SkillsmithServices, arg: unknown): Promise<string | undefined> {
  const entry = givenEntry(services, arg) ?? (await pickEntry(services));
  if (!entry) return undefined;
  const { record } = entry;
  const verdicts = services.hostVerdicts();
  const missing = new Set<HostId>(verdicts.hosts.filter((host) => !verdicts.of(record)?.get(host)?.loads));
  const root = record.location.scope === 'user' ? verdicts.context.home : record.location.root;
  const held = new Set([record, ...services.catalog.copiesOf(record)].map((copy) => pathKey(copy.location.path)));
  const choices =
    root === undefined
      ? []
      : folderReaches(verdicts.hosts, record.location.scope)
          .map((reach) => ({ ...reach, path: joinPath(root, reach.folder) }))
          .filter((reach) => !held.has(pathKey(reach.path)))
          .map((reach) => ({ ...reach, adds: reach.hosts.filter((host) => missing.has(host)) }))
          .filter((reach) => reach.adds.length > 0);
  if (choices.length === 0) {
    inBackground(
      services.log,
      'an information message',
      vscode.window.showInformationMessage(
        missing.size === 0
          ? `Every agent in skillsmith.hosts already loads ${record.name}.`
          : `No folder of this ${record.location.scope === 'user' ? 'home' : 'project'} would add ${hostNameList([...missing])} to ${record.name}'s agents.`,
      ),
    );
    return undefined;
  }
  const target = realDirOf(record);
  const picked = await vscode.window.showQuickPick(
    choices.map((choice) => ({
      label: `$(link) ${choice.folder}`,
      description: `adds ${hostNameList(choice.adds)}`,
      detail: `${toNativePath(joinPath(choice.path, record.folderName))} → ${toNativePath(target)}`,
      choice,
    })),
    {
      title: `Link ${record.name} into Another Agents' Folder`,
      placeHolder: `Where should ${record.name} also be? The folder stays where it is; the link points at it.`,
      matchOnDescription: true,
    },
  );
  if (!picked) return undefined;
  const link = joinPath(picked.choice.path, record.folderName);
  if (samePath(link, record.dir)) return undefined;
  try {
    const kind = await linkSkillFolder(target, link);
    services.log.info(`Linked ${link} to ${target} (${kind}).`);
    inBackground(
      services.log,
      'an information message',
      vscode.window.showInformationMessage(
        `${record.name} is also in ${picked.choice.folder} now (a ${kind} to ${toNativePath(target)}): ${hostNameList(picked.choice.adds)} ${picked.choice.adds.length > 1 ? 'find' : 'finds'} it.`,
      ),
    );
    return link;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    services.log.warn(`Link ${record.name} into ${picked.choice.folder}: ${message}`);
    inBackground(
      services.log,
      'an error message',
      vscode.window.showErrorMessage(`Could not link ${record.name} into ${picked.choice.folder}: ${message}`),
    );
    return undefined;
  }
}
