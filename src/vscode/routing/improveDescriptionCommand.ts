// Skills: Improve Description from Routing Evals… (docs/routing.md, "Improving a
// description"): for a skill with eval cases, the model proposes new descriptions
// (core/chat/descriptionLoop.ts), each is measured on held-out cases against the whole
// catalog, and the best, when it beats the current one, is shown as a diff of SKILL.md
// that the user applies or discards. `{skill, apply: true}` as the argument applies it
// without asking (keybindings, automation).
import * as vscode from 'vscode';
import { decodeUtf8 } from '../../core/base/text';
import { improveDescription, type DescriptionLoopResult } from '../../core/chat/descriptionLoop';
import { RequestGate } from '../../core/chat/rateLimits';
import type { RoutingCase } from '../../core/routing/evalCases';
import { seedOf, splitCases, withSplitFields } from '../../core/routing/evalSplit';
import { loopMarkdown } from '../../core/chat/descriptionLoopReport';
import { descriptionEdit } from '../../core/routing/descriptionField';
import { LanguageModelChatAdapter } from '../languageModelChat';
import type { SkillsmithServices } from '../services';
import { readRoutingSettings } from '../settings';
import { caseConcerns } from './evalChat';
import type { EvalFile, EvalFileIndex } from './evalFileIndex';
import { chooseModels } from './modelChoice';
import { NO_MODEL_HINT } from './routingRun';
import type { RoutingReport } from './reportDocument';
import { languageModelRouter, listedSkills } from './routers';
import { inBackground } from '../background';

export interface ImproveOptions {
  readonly skill?: string;
  readonly apply?: boolean;
}

function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

/** What the command was given: a skill name, `{skill, apply}`, or a SKILL.md Uri (from an editor). */
function readArgument(services: SkillsmithServices, arg: unknown): ImproveOptions {
  if (typeof arg === 'string') return { skill: arg };
  if (arg instanceof vscode.Uri) return { skill: services.catalog.entryForFile(services.fs.toPath(arg))?.record.name };
  if (typeof arg === 'object' && arg !== null) {
    const { skill, apply } = arg as { skill?: unknown; apply?: unknown };
    return { ...(typeof skill === 'string' ? { skill } : {}), apply: apply === true };
  }
  return {};
}

/**
 * Writes the split of the cases that have none into their eval files (evalSplit.ts), so that the
 * held-out cases stay held out on every later run; returns the cases as they now read.
 */
async function keepSplit(
  services: SkillsmithServices,
  files: readonly EvalFile[],
  skill: string,
  cases: readonly RoutingCase[],
): Promise<RoutingCase[]> {
  const { assigned } = splitCases(cases, skill, seedOf(skill));
  if (assigned.size === 0) return [...cases];
  const edit = new vscode.WorkspaceEdit();
  const touched: vscode.Uri[] = [];
  for (const file of files) {
    const entries = file.cases.flatMap((c) =>
      assigned.has(c) ? [{ index: c.index, line: c.range.start.line, split: assigned.get(c)! }] : [],
    );
    if (entries.length === 0) continue;
    const document = await vscode.workspace.openTextDocument(file.uri);
    const text = document.getText();
    edit.replace(
      file.uri,
      new vscode.Range(document.positionAt(0), document.positionAt(text.length)),
      withSplitFields(text, entries),
    );
    touched.push(file.uri);
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('could not write the split into the eval files');
  for (const uri of touched) await (await vscode.workspace.openTextDocument(uri)).save();
  services.log.info(
    `Improve Description: the train/held-out split of ${skill}'s ${assigned.size} new cases was written into ${touched.length} eval file(s).`,
  );
  return cases.map((c) => (assigned.has(c) ? { ...c, split: assigned.get(c)! } : c));
}

/** Runs the command; resolves with whether an edit was applied. */
export async function improveDescriptionCommand(
  services: SkillsmithServices,
  index: EvalFileIndex,
  report: RoutingReport,
  arg: unknown,
): Promise<boolean> {
  const options = readArgument(services, arg);
  const files = index.all();
  const all = files.flatMap((f) => f.cases);
  const skills = listedSkills(services);
  let skill = options.skill;
  if (!skill) {
    const choices = skills
      .map((s) => ({ label: s.name, count: all.filter((c) => caseConcerns(c, s.name)).length }))
      .filter((c) => c.count >= 2);
    if (choices.length === 0) {
      inBackground(
        services.log,
        'an information message',
        vscode.window.showInformationMessage(
          'No skill has 2 or more routing eval cases yet. Add some to <skill>/evals/trigger-evals.json first.',
        ),
      );
      return false;
    }
    const picked = await vscode.window.showQuickPick(
      choices.map((c) => ({ label: c.label, description: `${c.count} cases` })),
      { title: 'Improve the description of which skill?' },
    );
    if (!picked) return false;
    skill = picked.label;
  }
  const entry = services.catalog.get(skill);
  if (!entry) {
    inBackground(services.log, 'a warning message', vscode.window.showWarningMessage(`No skill named '${skill}'.`));
    return false;
  }
  const name = entry.record.name;
  const [model] = await chooseModels();
  if (!model) {
    inBackground(
      services.log,
      'a warning message',
      vscode.window.showWarningMessage(`No language model to propose and check descriptions with. ${NO_MODEL_HINT}`),
    );
    return false;
  }
  const cases = await keepSplit(
    services,
    files,
    name,
    all.filter((c) => caseConcerns(c, name)),
  );
  const otherCases = all.filter((c) => !caseConcerns(c, name));
  const { runs, concurrency } = readRoutingSettings();
  const gate = new RequestGate();
  const result = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Improving the description of ${name}`,
      cancellable: true,
    },
    (progress, token) =>
      improveDescription({
        model: new LanguageModelChatAdapter(model),
        skill: name,
        skills,
        cases,
        otherCases,
        routerFor: (variant) => languageModelRouter(services, model, { skills: variant, gate }),
        runs,
        concurrency,
        token,
        onProgress: (message) => progress.report({ message }),
      }),
  );
  if (!result.ok) {
    if (!result.cancelled)
      inBackground(services.log, 'a warning message', vscode.window.showWarningMessage(result.reason));
    return false;
  }
  report.setLoop(name, loopMarkdown(name, result));
  if (!result.best) {
    inBackground(
      services.log,
      'an information message',
      vscode.window
        .showInformationMessage(noProposalMessage(name, result), 'Open Report')
        .then((choice) => choice && report.show()),
    );
    return false;
  }
  const uri = services.fs.toUri(entry.record.filePath);
  const text = decodeUtf8(await services.fs.readFile(entry.record.filePath)).replace(/^\uFEFF/, '');
  const edit = descriptionEdit(text, result.best.description);
  if (!edit) {
    inBackground(
      services.log,
      'a warning message',
      vscode.window.showWarningMessage(`Cannot find the description in ${vscode.workspace.asRelativePath(uri)}.`),
    );
    return false;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const range = new vscode.Range(
    edit.range.start.line,
    edit.range.start.character,
    edit.range.end.line,
    edit.range.end.character,
  );
  const proposed =
    document.getText().slice(0, document.offsetAt(range.start)) +
    edit.newText +
    document.getText().slice(document.offsetAt(range.end));
  const confirmation = result.confirmation!;
  const scores = `top-1 ${percent(confirmation.current)} → ${percent(confirmation.winner)} on fresh runs of ${confirmation.cases} unseen cases, McNemar p = ${confirmation.test.p}`;
  let apply = options.apply === true;
  if (!apply) {
    await vscode.commands.executeCommand(
      'vscode.diff',
      uri,
      report.setProposal(name, proposed),
      `${name}: proposed description (${scores})`,
    );
    apply =
      (await vscode.window.showInformationMessage(
        `Apply the proposed description of ${name}? ${scores}.`,
        'Apply',
        'Discard',
      )) === 'Apply';
  }
  if (!apply) return false;
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(uri, range, edit.newText);
  return vscode.workspace.applyEdit(workspaceEdit);
}

/** Why nothing is proposed: no proposal beat the current one on held-out cases, or its gain was not significant. */
export function noProposalMessage(skill: string, result: Extract<DescriptionLoopResult, { ok: true }>): string {
  if (!result.winner || !result.confirmation) {
    const top = Math.max(0, ...result.proposals.map((p) => p.heldOut));
    return `No proposal beat the current description of ${skill} on its ${result.heldOut} held-out cases (current ${percent(result.current.heldOut)}, best proposal ${percent(top)}, ${result.proposals.length} tried).`;
  }
  const c = result.confirmation;
  return `The best proposal for ${skill} was not significantly better on fresh runs of ${c.cases} unseen cases (top-1 ${percent(c.current)} → ${percent(c.winner)}; ${c.test.onlyB} cases gained, ${c.test.onlyA} lost, McNemar p = ${c.test.p}), so nothing is proposed. More eval cases make a real gain provable.`;
}
