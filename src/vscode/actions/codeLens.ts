// "Run" above each action in a skill's actions.json: runs it by hand, through the input form.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as vscode from 'vscode';
import { dirnamePath, joinPath } from '../../core/base/paths';
import { COMMANDS } from '../ids';
import { readSettings } from '../settings';
import type { ActionsState } from './actionsState';

/** One lens per named action, when the file belongs to a skill in the catalog and actions are on. */
export function codeLenses(state: ActionsState, document: vscode.TextDocument): vscode.CodeLens[] {
  if (!readSettings().actionsEnabled) return [];
  const { catalog, fs } = state.services;
  const dir = dirnamePath(fs.toPath(document.uri));
  const entry = catalog.entryForFile(joinPath(dir, 'SKILL.md')) ?? catalog.entryForFile(joinPath(dir, 'skill.md'));
  const root = parseTree(document.getText());
  const actions = root && findNodeAtLocation(root, ['actions']);
  if (!entry || !actions || actions.type !== 'array') return [];
  const lenses: vscode.CodeLens[] = [];
  for (const action of actions.children ?? []) {
    const name: unknown = findNodeAtLocation(action, ['name'])?.value;
    if (typeof name !== 'string' || name === '') continue;
    const start = document.positionAt(action.offset);
    lenses.push(
      new vscode.CodeLens(new vscode.Range(start, start), {
        title: `$(play) Run ${name}`,
        tooltip: `Run ${entry.record.name} › ${name}, asking for its input`,
        command: COMMANDS.runAction,
        arguments: [{ skill: entry.record.name, skillDir: entry.record.dir, action: name }],
      }),
    );
  }
  return lenses;
}
