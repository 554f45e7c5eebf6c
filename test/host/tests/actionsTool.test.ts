// The run-action tool in a real VS Code (docs/actions.md): `vscode.lm.invokeTool` shows a
// confirmation with the command line and the input; clicking Run (through the browser, as a
// user would) runs the action, declining does not. Loading a skill lists its actions, the
// setting turns actions off, and secrets set with the command reach the action masked.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { HostTest, clickNotificationButton, getExtensionApi, notificationTexts } from '../helpers';
import { diskPath, setSetting } from './uiSupport';

const RUN_ACTION = 'skillsmith_runAction';
const RAN = 'skills/echo-action/ran.jsonl';
/** The notification that asks to run an action, in the Notification Center (toasts stay hidden in the test window). */
const CONFIRMATION = '.notifications-center .notification-list-item:has-text("? It runs")';

/** Opens the Notification Center and reads the confirmation once it is there. */
async function confirmationText(): Promise<string> {
  return (await notificationTexts(CONFIRMATION)).join('\n');
}

/** Clicks a button of the confirmation. */
async function answer(button: 'Run' | 'Cancel'): Promise<void> {
  await clickNotificationButton(button, CONFIRMATION);
}

function runs(): { action: string; input: Record<string, unknown> }[] {
  const file = diskPath(RAN);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** Starts a tool call outside any chat; VS Code shows no confirmation there, so ours is a notification. */
function invokeRun(input: object): Thenable<vscode.LanguageModelToolResult> {
  return vscode.lm.invokeTool(RUN_ACTION, { input, toolInvocationToken: undefined });
}

export const tests: HostTest[] = [
  {
    name: 'loading a skill lists its actions with their input',
    fn: async () => {
      await getExtensionApi();
      const result = await vscode.lm.invokeTool('skillsmith_loadSkill', {
        input: { name: 'echo-action' },
        toolInvocationToken: undefined,
      });
      const text = textOf(result);
      assert.match(
        text,
        /Actions of this skill \(run one with the skillsmith_runAction \(skillAction in the Copilot harness\) tool; the user confirms each run\):/,
      );
      assert.match(
        text,
        /- echo \(default\): Writes the word to ran\.json and returns it\. Use when testing\. Input: word: string \(required\), times: integer 1\.\.3 = 2, tone: "plain"\|"loud" = "plain"\./,
      );
      assert.match(text, /- count: Counts the files of the skill/);
    },
  },
  {
    name: 'invokeTool: the confirmation shows the command line and the input, and declining runs nothing',
    timeoutMs: 40_000,
    fn: async () => {
      const before = runs().length;
      const pending = invokeRun({ name: 'echo-action', input: { word: 'declined' } });
      const shown = await confirmationText();
      assert.match(shown, /Run echo-action › echo\?/);
      assert.match(shown, /node scripts\/echo\.mjs/);
      assert.match(shown, /"word":"declined"/);
      assert.match(shown, /"times":2/, 'the defaults are shown as they will be passed');
      await answer('Cancel');
      const result = JSON.parse(textOf(await pending));
      assert.strictEqual(result.status, 'cancelled');
      assert.strictEqual(result.error.type, 'cancelled');
      assert.strictEqual(runs().length, before, 'nothing ran');
    },
  },
  {
    name: 'invokeTool: clicking Run in the confirmation runs the action and returns its result',
    timeoutMs: 40_000,
    fn: async () => {
      const before = runs().length;
      const pending = invokeRun({ name: 'echo-action', action: 'echo', input: { word: 'confirmed', tone: 'loud' } });
      await answer('Run');
      const result = JSON.parse(textOf(await pending));
      assert.deepStrictEqual([result.skill, result.action, result.status], ['echo-action', 'echo', 'success']);
      assert.deepStrictEqual(result.data, { echoed: 'CONFIRMED CONFIRMED', action: 'echo' });
      assert.strictEqual(runs().length, before + 1);
      assert.deepStrictEqual(runs().at(-1)!.input, { word: 'confirmed', tone: 'loud', times: 2 });
    },
  },
  {
    name: 'invalid input comes back as a structured error with a suggestion, without a confirmation',
    fn: async () => {
      const before = runs().length;
      const result = JSON.parse(
        textOf(await invokeRun({ name: 'echo-action', input: { word: 'x', times: 9, colour: 'red' } })),
      );
      assert.strictEqual(result.error.type, 'invalid_input');
      assert.match(result.error.message, /\/times: must be <= 3, got 9/);
      assert.match(
        result.error.suggestion,
        /Use a whole number from 1 to 3\. Remove 'colour': this action takes only word, times, tone\./,
      );
      assert.strictEqual(runs().length, before);
    },
  },
  {
    name: 'a missing secret names the command; set with it, the secret reaches the action and comes back masked',
    timeoutMs: 40_000,
    fn: async () => {
      await vscode.commands.executeCommand('skillsmith.deleteSecret', 'PRETEND_API_TOKEN');
      const missing = await vscode.commands.executeCommand<{ error?: { type: string; suggestion?: string } }>(
        'skillsmith.runAction',
        { skill: 'needs-secret', form: false, quiet: true },
      );
      assert.strictEqual(missing?.error?.type, 'missing_secret');
      assert.match(missing.error.suggestion!, /Skills: Set Action Secret/);
      assert.strictEqual(
        await vscode.commands.executeCommand('skillsmith.setSecret', 'PRETEND_API_TOKEN', 'pretend-secret-9f3k'),
        'PRETEND_API_TOKEN',
      );
      const pending = invokeRun({ name: 'needs-secret' });
      const shown = await confirmationText();
      assert.match(shown, /It receives PRETEND_API_TOKEN\./);
      assert.doesNotMatch(shown, /pretend-secret-9f3k/);
      await answer('Run');
      const text = textOf(await pending);
      assert.deepStrictEqual(JSON.parse(text).data, { token: '***', length: 19 });
      assert.doesNotMatch(text, /pretend-secret-9f3k/);
    },
  },
  {
    name: 'with skillsmith.actions.enabled off, runs are refused',
    timeoutMs: 30_000,
    fn: async () => {
      const before = runs().length;
      await setSetting('actions.enabled', false);
      try {
        const refused = await vscode.commands.executeCommand<{ error?: { type: string; message: string } }>(
          'skillsmith.runAction',
          { skill: 'echo-action', input: { word: 'off' }, form: false, quiet: true },
        );
        assert.strictEqual(refused?.error?.type, 'not_allowed');
        assert.match(refused.error.message, /skillsmith\.actions\.enabled/);
        // The tool's `when` clause withdraws it from chats; called anyway, it refuses.
        const called = await Promise.resolve(invokeRun({ name: 'echo-action', input: { word: 'off' } })).then(
          textOf,
          (error: unknown) => `rejected: ${String(error)}`,
        );
        assert.ok(/"type":"not_allowed"/.test(called) || called.startsWith('rejected:'), called);
      } finally {
        await setSetting('actions.enabled', undefined);
      }
      assert.strictEqual(runs().length, before);
    },
  },
];
