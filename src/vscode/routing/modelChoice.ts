// Which language models a routing run uses (docs/routing.md): those named in
// `skillsmith.routing.models`, else the only one available, else the ones the user picks.
import * as vscode from 'vscode';
import { readRoutingSettings } from '../settings';

/** The models to run with; empty when none is available or the user cancelled. */
export async function chooseModels(): Promise<vscode.LanguageModelChat[]> {
  const available = await vscode.lm.selectChatModels();
  const named = readRoutingSettings().models;
  if (named.length > 0) return available.filter((m) => named.includes(m.id) || named.includes(`${m.vendor}/${m.id}`));
  if (available.length <= 1) return available;
  const picked = await vscode.window.showQuickPick(
    available.map((model) => ({ label: model.name, description: `${model.vendor} · ${model.family}`, model })),
    {
      canPickMany: true,
      title: 'Run the routing evals with which models?',
      placeHolder: 'Each case is sent to every model you pick (set skillsmith.routing.models to skip this)',
    },
  );
  return picked?.map((p) => p.model) ?? [];
}
