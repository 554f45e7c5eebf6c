// Acting on the workbench page as a user would, for what no API reaches: the runner
// clicks an element (the Trust button of VS Code's Workspace Trust editor, a chat
// response's button), reads what elements show (the walkthrough's step titles) or presses
// a key, with Playwright, while the test waits. The runner's end is scripts/host/pageActions.mjs.
import * as vscode from 'vscode';
import { requestFromRunner } from '../channel';
import { waitFor } from './wait';

/** An element of the page: by ARIA role and accessible name, or by CSS selector. */
export type PageTarget = (
  | {
      role: string;
      /** The accessible name; a substring, case-insensitive, unless `exact`. */
      name?: string;
      exact?: boolean;
    }
  | { selector: string }
) & {
  /** Only inside the first element matching this CSS selector. */
  within?: string;
  /** How long the runner waits for the element; default 10 s. */
  timeoutMs?: number;
};

async function ask(payload: object, timeoutMs = 10_000): Promise<unknown> {
  if (!process.env.SKILLSMITH_HOST_CHANNEL) throw new Error('only the host-test runner can act on the workbench page');
  // The runner polls every 150 ms and may wait timeoutMs for the element itself.
  return requestFromRunner(payload, timeoutMs + 15_000);
}

/** Clicks the first element matching `target`; rejects when none becomes clickable. */
export async function clickInWorkbench(target: PageTarget): Promise<void> {
  await ask({ kind: 'click', ...target }, target.timeoutMs);
}

/** Moves the mouse over the first element matching `target` (a tooltip or a hover then shows). */
export async function hoverInWorkbench(target: PageTarget): Promise<void> {
  await ask({ kind: 'hover', ...target }, target.timeoutMs);
}

/** The strings the runner answers for `kind` ('texts', 'after') on the elements matching `target`. */
async function askTexts(kind: string, target: PageTarget): Promise<string[]> {
  const answer = (await ask({ kind, ...target }, target.timeoutMs)) as { texts?: unknown };
  if (!Array.isArray(answer?.texts)) throw new Error(`the runner answered ${JSON.stringify(answer)}`);
  return answer.texts.map(String);
}

/** The inner text of every element matching `target`, once the first one is visible. */
export async function workbenchTexts(target: PageTarget): Promise<string[]> {
  return askTexts('texts', target);
}

/** Presses a key chord on the page, in Playwright's notation (`Control+Alt+Shift+F12`). */
export async function pressInWorkbench(key: string): Promise<void> {
  await ask({ kind: 'press', key });
}

/** What each matching element draws after itself (CSS `::after` content: file decoration badges). */
export async function workbenchAfterContents(target: PageTarget): Promise<string[]> {
  return askTexts('after', target);
}

/**
 * The value of `attribute` on every element matching `target`, read at once (no waiting):
 * an empty list when nothing matches now. Icons show no text: read their `aria-label`.
 */
export async function workbenchAttributes(target: PageTarget & { attribute: string }): Promise<string[]> {
  return askTexts('attributes', target);
}

/** Types text key by key into whatever has the focus, as a user would. */
export async function typeInWorkbench(text: string): Promise<void> {
  await ask({ kind: 'type', text });
}

/**
 * Whether the workbench holds `skillsmith.hasSkills` (the `when` clause of our tools) true:
 * the fake-model fixture binds one key twice, under `skillsmith.hasSkills` and under its
 * negation, and reports which binding ran.
 */
export async function hasSkillsContext(): Promise<boolean> {
  await vscode.commands.executeCommand('skillsmithTest.takeProbe');
  await pressInWorkbench('Control+Alt+Shift+F12');
  const clause = await waitFor(
    async () => vscode.commands.executeCommand<string | undefined>('skillsmithTest.takeProbe'),
    {
      timeout: 5_000,
      message: 'the context-key probe to run (is the fake-model fixture loaded?)',
    },
  );
  return clause === 'skillsmith.hasSkills';
}

/** How long one look into the Notification Center waits before it is opened again. */
const NOTIFICATION_LOOK_MS = 2_500;

/**
 * Runs `look` on the Notification Center until it succeeds or `timeoutMs` passes, opening the
 * center before each try. Opened before a notification arrives, the center can close again
 * (VS Code closes it when it becomes empty), and a notification that arrives while it is
 * closed is only a toast, which the test window does not show: the user would open the center
 * again, and so does this.
 */
async function inNotificationCenter<T>(timeoutMs: number, look: (timeoutMs: number) => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await vscode.commands.executeCommand('notifications.showList');
    try {
      return await look(Math.max(500, Math.min(NOTIFICATION_LOOK_MS, deadline - Date.now())));
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
}

/** The texts of the notifications matching `selector` (inside `.notifications-center`), once one is there. */
export async function notificationTexts(selector: string, timeoutMs = 15_000): Promise<string[]> {
  return inNotificationCenter(timeoutMs, (wait) => workbenchTexts({ selector, timeoutMs: wait }));
}

/** Clicks the button named `name` in the first notification matching `within`. */
export async function clickNotificationButton(name: string, within: string, timeoutMs = 15_000): Promise<void> {
  await inNotificationCenter(timeoutMs, (wait) =>
    clickInWorkbench({ role: 'button', name, exact: true, within, timeoutMs: wait }),
  );
}
