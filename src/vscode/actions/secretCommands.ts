// `Skills: Set Action Secret…` and `Skills: Delete Action Secret…` (docs/actions.md, "Secrets"):
// values live in VS Code's SecretStorage (the OS keychain), never in a file, a setting or a
// log; only the names are remembered, so that Delete can offer them. The names an action
// declares are offered first.
import * as vscode from 'vscode';
import { readActionsFile, SECRET_NAME } from '../../core/actions/declaration';
import type { ActionsState } from './actionsState';
import { secretKey } from './executorHolder';

const NAMES_KEY = 'skillsmith.secretNames';

function storedNames(state: ActionsState): string[] {
  const names = state.globalState.get<unknown>(NAMES_KEY);
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/** Secret names that actions declare, with the actions that use them. */
async function declaredNames(state: ActionsState): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  for (const entry of state.services.catalog.entries()) {
    const declared = await readActionsFile(state.services.fs, entry.record.dir);
    if (!declared?.ok) continue;
    for (const action of declared.actions) for (const name of action.secrets) names.set(name, [...(names.get(name) ?? []), `${entry.record.name} › ${action.name}`]);
  }
  return names;
}

async function chooseName(state: ActionsState): Promise<string | undefined> {
  const declared = await declaredNames(state);
  const stored = new Set(storedNames(state));
  const items: (vscode.QuickPickItem & { name?: string })[] = [...declared].map(([name, users]) => ({ label: name, description: stored.has(name) ? 'set' : 'not set', detail: `Used by ${users.join(', ')}`, name }));
  items.push({ label: '$(edit) Another name…', name: undefined });
  const picked = items.length === 1 ? items[0] : await vscode.window.showQuickPick(items, { title: 'Set Action Secret', placeHolder: 'Which secret?', ignoreFocusOut: true });
  if (!picked) return undefined;
  if (picked.name) return picked.name;
  return vscode.window.showInputBox({
    title: 'Set Action Secret',
    prompt: 'The environment variable the action declares in "secrets", such as API_TOKEN.',
    ignoreFocusOut: true,
    validateInput: (value) => (SECRET_NAME.test(value.trim()) ? undefined : 'Capitals, digits and _, not starting with a digit (API_TOKEN).'),
  });
}

/** Stores a secret; resolves with its name, or undefined when cancelled. */
export async function setSecret(state: ActionsState, givenName?: string, givenValue?: string): Promise<string | undefined> {
  const name = (givenName ?? (await chooseName(state)))?.trim();
  if (!name) return undefined;
  if (!SECRET_NAME.test(name)) {
    void vscode.window.showErrorMessage(`'${name}' is not a valid secret name: use capitals, digits and _ (API_TOKEN).`);
    return undefined;
  }
  const value = givenValue ?? (await vscode.window.showInputBox({ title: `Set ${name}`, prompt: `The value of ${name}. It is kept in the system's secret store and reaches only the actions that declare ${name}.`, password: true, ignoreFocusOut: true }));
  if (value === undefined || value === '') return undefined;
  await state.secrets.store(secretKey(name), value);
  await state.globalState.update(NAMES_KEY, [...new Set([...storedNames(state), name])].sort());
  state.services.log.info(`Secret ${name} was set.`);
  if (givenValue === undefined) void vscode.window.showInformationMessage(`${name} is set. Actions that declare it receive it in their environment.`);
  return name;
}

/** Deletes a stored secret; resolves with its name, or undefined when cancelled. */
export async function deleteSecret(state: ActionsState, givenName?: string): Promise<string | undefined> {
  const names = storedNames(state);
  const name = givenName ?? (names.length === 0 ? undefined : await vscode.window.showQuickPick(names, { title: 'Delete Action Secret', placeHolder: 'Which secret?' }));
  if (givenName === undefined && names.length === 0) void vscode.window.showInformationMessage('No action secret is set.');
  if (!name) return undefined;
  await state.secrets.delete(secretKey(name));
  await state.globalState.update(NAMES_KEY, names.filter((n) => n !== name));
  state.services.log.info(`Secret ${name} was deleted.`);
  return name;
}
