// `Skills: Set Action Secret…` and `Skills: Delete Action Secret…` (docs/actions.md, "Secrets"):
// values live in VS Code's SecretStorage (the OS keychain), never in a file, a setting or a
// log, and each belongs to one skill (its folder): a skill from elsewhere that declares the
// same name does not receive it. Only the names and their skills are remembered, so that
// Delete can offer them. The names that actions declare are offered first.
import * as vscode from 'vscode';
import { readActionsFile, SECRET_NAME } from '../../core/actions/declaration';
import { secretValueProblem } from '../../core/actions/secretMask';
import { samePath, toNativePath } from '../../core/base/paths';
import type { ActionsState } from './actionsState';
import { secretKey } from '../secretKey';
import { inBackground } from '../background';

const STORED_KEY = 'skillsmith.storedSecrets';

/** A secret of one skill. */
interface SecretSlot {
  readonly name: string;
  readonly skill: string;
  readonly dir: string;
}

function storedSlots(state: ActionsState): SecretSlot[] {
  const slots = state.globalState.get<unknown>(STORED_KEY);
  if (!Array.isArray(slots)) return [];
  return slots.filter((s: unknown): s is SecretSlot => {
    const slot = s as Partial<Record<keyof SecretSlot, unknown>> | null | undefined;
    return typeof slot?.name === 'string' && typeof slot?.skill === 'string' && typeof slot?.dir === 'string';
  });
}

const sameSlot = (a: SecretSlot, b: SecretSlot) => a.name === b.name && samePath(a.dir, b.dir);

/** The secrets that actions declare, one slot per skill and name, with the actions that use it. */
async function declaredSlots(state: ActionsState): Promise<{ slot: SecretSlot; users: string[] }[]> {
  const found: { slot: SecretSlot; users: string[] }[] = [];
  for (const entry of state.services.catalog.entries()) {
    const declared = await readActionsFile(state.services.fs, entry.record.dir);
    if (!declared?.ok) continue;
    for (const action of declared.actions) {
      for (const name of action.secrets) {
        const slot = { name, skill: entry.record.name, dir: entry.record.dir };
        const known = found.find((f) => sameSlot(f.slot, slot));
        if (known) known.users.push(action.name);
        else found.push({ slot, users: [action.name] });
      }
    }
  }
  return found;
}

async function chooseSlot(state: ActionsState, name?: string, skillDir?: string): Promise<SecretSlot | undefined> {
  const declared = (await declaredSlots(state)).filter(
    (d) => (name === undefined || d.slot.name === name) && (skillDir === undefined || samePath(d.slot.dir, skillDir)),
  );
  if (declared.length === 1 && (name !== undefined || skillDir !== undefined)) return declared[0].slot;
  if (declared.length === 0) {
    const what = name ? `No skill here declares the secret ${name}` : 'No action here declares a secret';
    inBackground(
      state.services.log,
      'an information message',
      vscode.window.showInformationMessage(
        `${what}. An action lists the secrets it receives in "secrets" in its actions.json.`,
      ),
    );
    return undefined;
  }
  const stored = storedSlots(state);
  const items = declared.map(({ slot, users }) => ({
    label: slot.name,
    description: `${slot.skill}${stored.some((s) => sameSlot(s, slot)) ? ' · set' : ' · not set'}`,
    detail: `For ${slot.skill} › ${users.join(', ')} in ${toNativePath(slot.dir)}`,
    slot,
  }));
  return (
    await vscode.window.showQuickPick(items, {
      title: 'Set Action Secret',
      placeHolder: 'Which secret, of which skill?',
      matchOnDescription: true,
      matchOnDetail: true,
      ignoreFocusOut: true,
    })
  )?.slot;
}

/**
 * Stores a secret for one skill; resolves with its name, or undefined when cancelled. With a
 * name (and a skill folder) from a caller, the steps they answer are skipped.
 */
export async function setSecret(
  state: ActionsState,
  givenName?: string,
  givenValue?: string,
  givenSkillDir?: string,
): Promise<string | undefined> {
  const name = givenName?.trim();
  if (name !== undefined && !SECRET_NAME.test(name)) {
    inBackground(
      state.services.log,
      'an error message',
      vscode.window.showErrorMessage(`'${name}' is not a valid secret name: use capitals, digits and _ (API_TOKEN).`),
    );
    return undefined;
  }
  const slot = await chooseSlot(state, name, givenSkillDir);
  if (!slot) return undefined;
  const value =
    givenValue ??
    (await vscode.window.showInputBox({
      title: `Set ${slot.name} for ${slot.skill}`,
      prompt: `The value of ${slot.name}. It is kept in the system's secret store and reaches only the actions of ${slot.skill} that declare it.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (text) => (text === '' ? undefined : secretValueProblem(slot.name, text)),
    }));
  if (value === undefined || value === '') return undefined;
  const problem = secretValueProblem(slot.name, value);
  if (problem) {
    inBackground(state.services.log, 'an error message', vscode.window.showErrorMessage(problem));
    return undefined;
  }
  await state.secrets.store(secretKey(slot.name, slot.dir), value);
  await state.globalState.update(STORED_KEY, [...storedSlots(state).filter((s) => !sameSlot(s, slot)), slot]);
  state.services.log.info(`Secret ${slot.name} of ${slot.skill} was set.`);
  if (givenValue === undefined)
    inBackground(
      state.services.log,
      'an information message',
      vscode.window.showInformationMessage(
        `${slot.name} is set for ${slot.skill}. Its actions that declare it receive it in their environment.`,
      ),
    );
  return slot.name;
}

/** Deletes a stored secret; resolves with its name, or undefined when cancelled. */
export async function deleteSecret(
  state: ActionsState,
  givenName?: string,
  givenSkillDir?: string,
): Promise<string | undefined> {
  const slots = storedSlots(state).filter(
    (s) =>
      (givenName === undefined || s.name === givenName) &&
      (givenSkillDir === undefined || samePath(s.dir, givenSkillDir)),
  );
  if (slots.length === 0) {
    if (givenName === undefined)
      inBackground(
        state.services.log,
        'an information message',
        vscode.window.showInformationMessage('No action secret is set.'),
      );
    return undefined;
  }
  const chosen =
    givenName !== undefined
      ? slots
      : [
          (
            await vscode.window.showQuickPick(
              slots.map((slot) => ({
                label: slot.name,
                description: slot.skill,
                detail: toNativePath(slot.dir),
                slot,
              })),
              { title: 'Delete Action Secret', placeHolder: 'Which secret?' },
            )
          )?.slot,
        ].filter((s): s is SecretSlot => s !== undefined);
  if (chosen.length === 0) return undefined;
  for (const slot of chosen) {
    await state.secrets.delete(secretKey(slot.name, slot.dir));
    state.services.log.info(`Secret ${slot.name} of ${slot.skill} was deleted.`);
  }
  await state.globalState.update(
    STORED_KEY,
    storedSlots(state).filter((s) => !chosen.some((c) => sameSlot(c, s))),
  );
  return chosen[0].name;
}
