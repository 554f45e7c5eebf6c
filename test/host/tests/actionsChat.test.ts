// Actions in the @skills chat (docs/actions.md): the fake model calls the run-action tool, VS
// Code's own confirmation appears in the chat with the command line and the input, Skip runs
// nothing, Allow runs it and the model receives the result; per-skill mode exposes the default
// action as `skill__<name>` with its schema; `/run <skill> <action> {input}` runs it without a model.
import * as assert from 'assert';
import * as fs from 'fs';
import {
  HostTest,
  clickInWorkbench,
  getExtensionApi,
  getFakeRequests,
  setFakeScript,
  waitFor,
  workbenchTexts,
  type FakeRequest,
} from '../helpers';
import { lastResponseMarkdown, newChatSession, sendChat } from '../helpers/chat';
import { diskPath, setSetting } from './uiSupport';

const RAN = 'skills/echo-action/ran.jsonl';

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

function toolResults(request: FakeRequest): string[] {
  return request.messages.flatMap((m) => m.toolResults.map((r) => r.text));
}

async function ready(): Promise<void> {
  await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
  await newChatSession();
}

/** Where VS Code 1.139 docks a pending tool confirmation: above the chat input. */
const DOCK = '.interactive-input-part';

/** The confirmation VS Code shows in the chat, once it is there. */
async function chatConfirmation(): Promise<string> {
  const texts = await workbenchTexts({ selector: `${DOCK}:has-text("Run echo-action")`, timeoutMs: 15_000 });
  // Code blocks are rendered with non-breaking spaces.
  return texts.join('\n').replace(/\u00a0/g, ' ');
}

/**
 * Answers the pending confirmation. VS Code 1.139's main button is "Allow in this Session", which
 * would let every later run through unasked; Allow picks "Allow Once" from its menu instead, so
 * that each test's run must be confirmed again.
 */
async function answer(button: 'Skip' | 'Allow'): Promise<void> {
  const within = `${DOCK}:has-text("Run echo-action")`;
  if (button === 'Skip') return clickInWorkbench({ role: 'button', name: 'Skip', within });
  await clickInWorkbench({ selector: '.monaco-button-dropdown .monaco-dropdown-button', within });
  await clickInWorkbench({ role: 'menuitem', name: 'Allow Once', exact: true });
}

export const tests: HostTest[] = [
  {
    name: '@skills: the confirmation shows the command line and the input; Skip runs nothing',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      const before = runs().length;
      await setFakeScript({
        responses: [
          [{ toolCall: { name: 'skillsmith_runAction', input: { name: 'echo-action', input: { word: 'skipped' } } } }],
          { quoteToolResult: true, prefix: 'Result: ' },
        ],
      });
      await sendChat('@skills echo skipped');
      const shown = await chatConfirmation();
      assert.match(shown, /Run echo-action › echo\?/);
      assert.match(shown, /node scripts\/echo\.mjs/);
      assert.match(shown, /"word": "skipped"/);
      await answer('Skip');
      await waitFor(async () => (await getFakeRequests()).length === 2, {
        timeout: 15_000,
        message: 'the model to receive the skipped call',
      });
      assert.strictEqual(runs().length, before, 'nothing ran');
      const requests = await getFakeRequests();
      assert.deepStrictEqual(
        requests[0].tools.map((t) => t.name),
        ['skillsmith_listSkills', 'skillsmith_loadSkill', 'skillsmith_readSkillFile', 'skillsmith_runAction'],
      );
      assert.match(requests[0].messages[0].text, /Some skills bundle actions/);
    },
  },
  {
    name: '@skills: Allow runs the action and the model receives its result',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      const before = runs().length;
      await setFakeScript({
        responses: [
          [
            {
              toolCall: {
                name: 'skillsmith_runAction',
                input: { name: 'echo-action', action: 'echo', input: { word: 'allowed' } },
              },
            },
          ],
          { quoteToolResult: true, prefix: 'Result: ' },
        ],
      });
      await sendChat('@skills echo allowed');
      await chatConfirmation();

      await answer('Allow');
      await waitFor(async () => (await getFakeRequests()).length === 2, {
        timeout: 15_000,
        message: 'the model to receive the result',
      });
      assert.strictEqual(runs().length, before + 1);
      assert.deepStrictEqual(runs().at(-1)!.input, { word: 'allowed', times: 2, tone: 'plain' });
      const results = toolResults((await getFakeRequests())[1]);
      const result = JSON.parse(results.at(-1)!);
      assert.deepStrictEqual([result.status, result.data.echoed], ['success', 'allowed allowed']);
      await waitFor(async () => /Result: .*allowed allowed/s.test(await lastResponseMarkdown()), {
        timeout: 15_000,
        message: 'the answer quoting the result',
      });
    },
  },
  {
    name: 'per-skill mode: skill__echo-action runs the default action with its schema, the other action has its own tool',
    timeoutMs: 60_000,
    fn: async () => {
      await setSetting('chat.toolMode', 'perSkill');
      try {
        await ready();
        const before = runs().length;
        await setFakeScript({
          responses: [
            [{ toolCall: { name: 'skill__echo-action', input: { word: 'seed', tone: 'loud' } } }],
            { quoteToolResult: true, prefix: 'Result: ' },
          ],
        });
        // "Allow" in the tests before allowed one run each, not the session: this run must be
        // confirmed too, and nothing runs until it is.
        await sendChat('@skills echo seed');
        const shown = await chatConfirmation();
        assert.match(shown, /"word": "seed"/);
        assert.strictEqual(runs().length, before, 'nothing ran before the confirmation was answered');
        await answer('Allow');
        await waitFor(async () => (await getFakeRequests()).length === 2, {
          timeout: 15_000,
          message: 'the model to receive the result',
        });
        const [first, second] = await getFakeRequests();
        const names = first.tools.map((t) => t.name);
        assert.ok(
          names.includes('skill__echo-action') &&
            names.includes('skill__echo_action__count') &&
            names.includes('skill__needs-secret'),
          names.join(),
        );
        const main = first.tools.find((t) => t.name === 'skill__echo-action')!;
        assert.deepStrictEqual((main.inputSchema as { required?: string[] }).required, ['word']);
        assert.strictEqual(runs().length, before + 1);
        assert.deepStrictEqual(JSON.parse(toolResults(second).at(-1)!).data, { echoed: 'SEED SEED', action: 'echo' });
      } finally {
        await setSetting('chat.toolMode', undefined);
      }
    },
  },
  {
    name: '@skills: a secret added to actions.json while the confirmation is open: Allow refuses the run it did not show',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      const before = runs().length;
      const file = diskPath('skills/echo-action/actions.json');
      const original = fs.readFileSync(file, 'utf8');
      await setFakeScript({
        responses: [
          [
            {
              toolCall: {
                name: 'skillsmith_runAction',
                input: { name: 'echo-action', action: 'echo', input: { word: 'late' } },
              },
            },
          ],
          { quoteToolResult: true, prefix: 'Result: ' },
        ],
      });
      try {
        await sendChat('@skills echo late');
        const shown = await chatConfirmation();
        assert.doesNotMatch(shown, /LATE_TOKEN/, 'the confirmation showed no secret');
        // The skill's author adds a secret while the user reads the prompt.
        const declared = JSON.parse(original);
        declared.actions[0].secrets = ['LATE_TOKEN'];
        fs.writeFileSync(file, JSON.stringify(declared, null, 2));
        await answer('Allow');
        await waitFor(async () => (await getFakeRequests()).length === 2, {
          timeout: 15_000,
          message: 'the model to receive the refusal',
        });
        const result = JSON.parse(toolResults((await getFakeRequests())[1]).at(-1)!);
        assert.strictEqual(result.error?.type, 'not_allowed', JSON.stringify(result));
        assert.match(result.error.message, /not shown to the user for confirmation as it is now/);
        assert.strictEqual(runs().length, before, 'nothing ran');
      } finally {
        fs.writeFileSync(file, original);
      }
    },
  },
  {
    name: '/run echo-action echo {input} runs the action as the user, without a model, and shows the result',
    timeoutMs: 30_000,
    fn: async () => {
      await ready();
      const before = runs().length;
      await setFakeScript({ responses: [] });
      await sendChat('@skills /run echo-action echo {"word": "slash", "times": 1}');
      assert.strictEqual((await getFakeRequests()).length, 0, 'no model was asked');
      assert.strictEqual(runs().length, before + 1);
      const answer = await lastResponseMarkdown();
      assert.match(answer, /echo-action › echo\*\* finished in \d+ ms/);
      assert.match(answer, /"echoed": "slash"/);
      const invalid = await sendChat('@skills /run echo-action echo {"word": "x", "times": 7}');
      assert.ok(invalid);
      assert.match(
        await lastResponseMarkdown(),
        /invalid_input.*\/times: must be \\?<= 3, got 7.*Use a whole number from 1 to 3/s,
      );
      assert.strictEqual(runs().length, before + 1);
    },
  },
];
