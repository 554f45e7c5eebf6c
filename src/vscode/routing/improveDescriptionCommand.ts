// Skills: Improve Description from Routing Evals… (docs/routing.md, "Improving a
// description"): for a skill with eval cases, the model proposes new descriptions
// (core/chat/descriptionLoop.ts), each is measured on held-out cases against the whole
// catalog, and the best, when it beats the current one, is shown as a diff of SKILL.md
// that the user applies or discards. `{skill, apply: true}` as the argument applies it
// without asking (keybindings, automation).
import * as vscode from 'vscode';
import { decodeUtf8 } from '../../core/base/text';
import { improveDescription } from '../../core/chat/descriptionLoop';
import { descriptionEdit } from '../../core/routing/descriptionField';
import { LanguageModelChatAdapter } from '../languageModelChat';
import type { SkillsmithServices } from '../services';
import { readRoutingSettings } from '../settings';
import { caseConcerns } from './evalChat';
import type { EvalFileIndex } from './evalFileIndex';
import { chooseModels } from './modelChoice';
import type { RoutingReport } from './reportDocument';
import { languageModelRouter, listedSkills } from './routers';

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

/** Runs the command; resolves with whether an edit was applied. */
export async function improveDescriptionCommand(services: SkillsmithServices, index: EvalFileIndex, report: RoutingReport, arg: unknown): Promise<boolean> {
  const options = readArgument(services, arg);
  const all = index.all().flatMap((f) => f.cases);
  const skills = listedSkills(services);
  let skill = options.skill;
  if (!skill) {
    const choices = skills.map((s) => ({ label: s.name, count: all.filter((c) => caseConcerns(c, s.name)).length })).filter((c) => c.count >= 2);
    if (choices.length === 0) {
      void vscode.window.showInformationMessage('No skill has 2 or more routing eval cases yet. Add some to <skill>/evals/trigger-evals.json first.');
      return false;
    }
    const picked = await vscode.window.showQuickPick(choices.map((c) => ({ label: c.label, description: `${c.count} cases` })), { title: 'Improve the description of which skill?' });
    if (!picked) return false;
    skill = picked.label;
  }
  const entry = services.catalog.get(skill);
  if (!entry) {
    void vscode.window.showWarningMessage(`No skill named '${skill}'.`);
    return false;
  }
  const [model] = await chooseModels();
  if (!model) {
    void vscode.window.showWarningMessage('No language model to propose and check descriptions with.');
    return false;
  }
  const cases = all.filter((c) => caseConcerns(c, entry.record.name));
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Improving the description of ${entry.record.name}`, cancellable: true },
    (progress, token) =>
      improveDescription({
        model: new LanguageModelChatAdapter(model),
        skill: entry.record.name,
        skills,
        cases,
        routerFor: (variant) => languageModelRouter(services, model, undefined, variant),
        runs: readRoutingSettings().runs,
        token,
        onProgress: (message) => progress.report({ message }),
      }),
  );
  if (!result.ok) {
    void vscode.window.showWarningMessage(result.reason);
    return false;
  }
  if (!result.best) {
    const top = Math.max(0, ...result.proposals.map((p) => p.top1));
    void vscode.window.showInformationMessage(
      `No proposal beat the current description of ${entry.record.name} on ${result.heldOut} held-out cases (current ${percent(result.current.top1)}, best proposal ${percent(top)}).`,
    );
    return false;
  }
  const uri = services.fs.toUri(entry.record.filePath);
  const text = decodeUtf8(await services.fs.readFile(entry.record.filePath)).replace(/^\uFEFF/, '');
  const edit = descriptionEdit(text, result.best.description);
  if (!edit) {
    void vscode.window.showWarningMessage(`Cannot find the description in ${vscode.workspace.asRelativePath(uri)}.`);
    return false;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const range = new vscode.Range(edit.range.start.line, edit.range.start.character, edit.range.end.line, edit.range.end.character);
  const proposed = document.getText().slice(0, document.offsetAt(range.start)) + edit.newText + document.getText().slice(document.offsetAt(range.end));
  const scores = `held-out top-1 ${percent(result.current.top1)} → ${percent(result.best.top1)} on ${result.heldOut} cases`;
  let apply = options.apply === true;
  if (!apply) {
    await vscode.commands.executeCommand('vscode.diff', uri, report.setProposal(entry.record.name, proposed), `${entry.record.name}: proposed description (${scores})`);
    apply = (await vscode.window.showInformationMessage(`Apply the proposed description of ${entry.record.name}? ${scores}.`, 'Apply', 'Discard')) === 'Apply';
  }
  if (!apply) return false;
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(uri, range, edit.newText);
  return vscode.workspace.applyEdit(workspaceEdit);
}
