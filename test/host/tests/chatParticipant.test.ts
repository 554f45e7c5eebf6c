// The @skills participant in the real chat view, answering through the scripted fake
// model. The fake model's recorded requests show what the model was sent; Export Chat
// shows what the user saw.
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  FakeRequest,
  HostTest,
  clickInWorkbench,
  getExtensionApi,
  getFakeRequests,
  readWorkspaceFile,
  resetFakeModel,
  setFakeScript,
  waitFor,
  workspaceUri,
  writeWorkspaceFile,
} from '../helpers';
import { exportChat, lastResponseMarkdown, newChatSession, sendChat, type ExportedRequest } from '../helpers/chat';

const MARKER = 'CR-MARKER-ORIGINAL-7f3a';

async function ready(): Promise<void> {
  await (await getExtensionApi<{ whenIdle(): Promise<void> }>()).whenIdle();
  await newChatSession();
}

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('skillsmith').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Every tool result the model received in a request. */
function toolResults(request: FakeRequest): string[] {
  return request.messages.flatMap((m) => m.toolResults.map((r) => r.text));
}

function lastExported(requests: ExportedRequest[]): ExportedRequest {
  const last = requests.at(-1);
  assert.ok(last, 'the chat has no request');
  return last;
}

export const tests: HostTest[] = [
  {
    name: '@skills loads a skill through the model and answers with what the tool returned',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({
        responses: [
          [{ toolCall: { name: 'skillsmith_loadSkill', input: { name: 'code-review' } } }],
          { quoteToolResult: true, prefix: 'Following the skill: ' },
        ],
      });
      const result = await sendChat('@skills review my code');
      const requests = await getFakeRequests();
      assert.strictEqual(requests.length, 2);
      // First request: the system prompt with the listing, the user's prompt, our three tools.
      assert.match(requests[0].messages[0].text, /Available skills:\n- code-review: Reviews a file/);
      assert.doesNotMatch(requests[0].messages[0].text, /secret-skill/);
      assert.strictEqual(requests[0].messages.at(-1)?.text, 'review my code');
      assert.deepStrictEqual(
        requests[0].tools.map((t) => t.name),
        ['skillsmith_listSkills', 'skillsmith_loadSkill', 'skillsmith_readSkillFile'],
      );
      // Second request: the tool call and its result, with the body's marker.
      assert.ok(
        toolResults(requests[1]).some((t) => t.includes(MARKER)),
        JSON.stringify(requests[1].messages),
      );
      assert.deepStrictEqual(result?.metadata?.skillsUsed, ['code-review']);
      assert.strictEqual(result?.metadata?.status, 'done');

      const exported = lastExported(await exportChat());
      const markdown = await lastResponseMarkdown();
      assert.match(markdown, new RegExp(`^Following the skill: Base directory for this skill: .*\\n\\n${MARKER}`));
      const raw = JSON.stringify(exported);
      assert.match(raw, /Loading skill code-review…/);
      assert.match(raw, /"contentReferences":\[\{"kind":"reference","reference":\{[^}]*code-review\/SKILL\.md/);
    },
  },
  {
    name: 'a follow-up turn replays the earlier tool results from the chat history',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({
        responses: [
          [{ toolCall: { name: 'skillsmith_loadSkill', input: { name: 'code-review' }, callId: 'first' } }],
          [{ text: 'Reviewed.' }],
          [{ text: 'Sure.' }],
        ],
      });
      await sendChat('@skills review my code');
      await sendChat('@skills and now the tests');
      const requests = await getFakeRequests();
      assert.strictEqual(requests.length, 3);
      const replay = requests[2].messages;
      assert.deepStrictEqual(
        replay.map((m) => m.role),
        ['user', 'user', 'assistant', 'user', 'assistant', 'user'],
      );
      assert.strictEqual(replay[1].text, 'review my code');
      assert.deepStrictEqual(
        replay[2].toolCalls.map((c) => c.callId),
        ['first'],
      );
      assert.ok(replay[3].toolResults[0].text.includes(MARKER));
      assert.strictEqual(replay[4].text, 'Reviewed.');
      assert.strictEqual(replay[5].text, 'and now the tests');
    },
  },
  {
    name: '/list answers from the catalog without a model call',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({});
      const result = await sendChat('@skills /list');
      assert.strictEqual((await getFakeRequests()).length, 0);
      assert.strictEqual(result?.metadata?.command, 'list');
      const markdown = await lastResponseMarkdown();
      assert.match(markdown, /^\| Skill \| Description \| Location \| Offered to the model \|/);
      assert.match(
        markdown,
        /\| \[code-review\]\([^)]*code-review\/SKILL\.md\) \| Reviews a file .* \| skills \| yes \|/,
      );
      assert.match(markdown, /\| \[broken\]\(.*\| no: 1 error \(description-missing\) \|/);
      assert.match(
        markdown,
        /\| \[secret-skill\]\(.*\| no: hidden \(disable-model-invocation: true\): only a user can run it \|/,
      );
      assert.match(markdown, /Listing: 2 skills in \d+ of 12000 characters/);
    },
  },
  {
    name: '/list shows the skills the listing budget dropped',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setSetting('listing.budget', 200);
      try {
        await sendChat('@skills /list');
        const markdown = await lastResponseMarkdown();
        assert.match(markdown, /\| \[guide-skill\]\(.*\| no: over the listing budget/);
        assert.match(markdown, /Dropped by the budget \(1\), still loadable by name: `guide-skill`/);
      } finally {
        await setSetting('listing.budget', undefined);
      }
    },
  },
  {
    name: '/show code-review some args shows the expansion without a model call',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({});
      await sendChat('@skills /show code-review some args');
      assert.strictEqual((await getFakeRequests()).length, 0);
      const markdown = await lastResponseMarkdown();
      assert.match(markdown, /Loading \*\*code-review\*\* with the arguments `some args` returns:/);
      assert.match(
        markdown,
        new RegExp(`\`\`\`markdown\\nBase directory for this skill: .*\\n\\n${MARKER}[^]*Focus on: some args\\n\`\`\``),
      );
    },
  },
  {
    name: '/show explains an unknown skill (did you mean) and shows a skill with errors with its problems',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({});
      await sendChat('@skills /show code-reveiw');
      assert.match(
        await lastResponseMarkdown(),
        /\*\*Not found:\*\* No skill named 'code-reveiw'\. Did you mean 'code-review'\?/,
      );
      // Looking at a skill without a model is always allowed: a broken one is shown with its problems.
      await sendChat('@skills /show broken');
      const shown = await lastResponseMarkdown();
      assert.match(
        shown,
        /^\*\*broken\*\* has errors, so it is not offered to the model until they are fixed:\n\n- `description-missing` \(line 1\): /,
      );
      assert.match(
        shown,
        /Loading \*\*broken\*\* returns:\n\n```markdown\nBase directory for this skill: .*\/skills\/broken\n\nThis skill is broken on purpose: it has no description\.\n```/,
      );
      assert.strictEqual((await getFakeRequests()).length, 0);
    },
  },
  {
    name: '/run forces a skill, hidden ones included, as if the model had loaded it',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({ responses: [{ quoteToolResult: true, prefix: 'Deploying: ' }] });
      const result = await sendChat('@skills /run secret-skill staging');
      const requests = await getFakeRequests();
      assert.strictEqual(requests.length, 1);
      const messages = requests[0].messages;
      assert.deepStrictEqual(
        messages.at(-3)?.toolCalls.map((c) => [c.name, c.input]),
        [['skillsmith_loadSkill', { name: 'secret-skill', args: 'staging' }]],
      );
      assert.match(messages.at(-2)?.toolResults[0]?.text ?? '', /HIDDEN-MARKER-9c2e: deploy staging carefully/);
      assert.match(messages.at(-1)?.text ?? '', /Follow the instructions of the skill 'secret-skill'/);
      assert.deepStrictEqual(result?.metadata?.skillsUsed, ['secret-skill']);
    },
  },
  {
    name: 'per-skill mode offers one skill__<name> tool per skill and substitutes the query',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setSetting('chat.toolMode', 'perSkill');
      try {
        await setFakeScript({
          responses: [
            [{ toolCall: { name: 'skill__code-review', input: { query: 'utils.ts please' } } }],
            { quoteToolResult: true },
          ],
        });
        const result = await sendChat('@skills review utils.ts');
        const requests = await getFakeRequests();
        assert.strictEqual(requests.length, 2);
        const tools = requests[0].tools;
        assert.deepStrictEqual(
          tools.map((t) => t.name),
          ['skill__code-review', 'skill__guide-skill', 'skillsmith_readSkillFile'],
        );
        assert.match(tools[0].description, /Reviews a file against the team's conventions/);
        assert.deepStrictEqual((tools[0].inputSchema as { required: string[] }).required, ['query']);
        assert.match(requests[0].messages[0].text, /skill__<name>/);
        const loaded = toolResults(requests[1]).join('\n');
        assert.match(loaded, new RegExp(MARKER));
        assert.match(loaded, /Focus on: utils\.ts please/);
        assert.deepStrictEqual(result?.metadata?.skillsUsed, ['code-review']);
      } finally {
        await setSetting('chat.toolMode', undefined);
      }
    },
  },
  {
    name: 'includeOtherTools also offers the other registered tools, ours once',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setSetting('chat.includeOtherTools', true);
      try {
        await setFakeScript({ responses: [[{ text: 'fine' }]] });
        await sendChat('@skills what tools do you have');
        const names = (await getFakeRequests())[0].tools.map((t) => t.name);
        assert.deepStrictEqual(names.slice(0, 3), [
          'skillsmith_listSkills',
          'skillsmith_loadSkill',
          'skillsmith_readSkillFile',
        ]);
        assert.strictEqual(new Set(names).size, names.length, names.join());
        const others = vscode.lm.tools.map((t) => t.name).filter((n) => !n.startsWith('skillsmith_'));
        assert.ok(others.length > 0 && others.every((n) => names.includes(n)), names.join());
      } finally {
        await setSetting('chat.includeOtherTools', undefined);
      }
    },
  },
  {
    name: 'an edit to SKILL.md on disk is seen by the next turn without a reload',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      const load = [{ toolCall: { name: 'skillsmith_loadSkill', input: { name: 'code-review' } } }];
      await setFakeScript({ responses: [load, [{ text: 'one' }], load, [{ text: 'two' }]] });
      await sendChat('@skills review');
      const original = await readWorkspaceFile('skills/code-review/SKILL.md');
      await writeWorkspaceFile('skills/code-review/SKILL.md', original.replace(MARKER, 'CR-MARKER-EDITED-41b0'));
      try {
        await newChatSession();
        await sendChat('@skills review again');
        const requests = await getFakeRequests();
        assert.strictEqual(requests.length, 4);
        assert.ok(toolResults(requests[1]).some((t) => t.includes(MARKER)));
        const second = toolResults(requests[3]).join('\n');
        assert.match(second, /CR-MARKER-EDITED-41b0/);
        assert.doesNotMatch(second, new RegExp(MARKER));
      } finally {
        await writeWorkspaceFile('skills/code-review/SKILL.md', original);
      }
    },
  },
  {
    name: 'a read-file call for a file outside the skill is refused to the model',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({
        responses: [
          [
            {
              toolCall: { name: 'skillsmith_readSkillFile', input: { name: 'guide-skill', path: '../../secret.txt' } },
            },
          ],
          { quoteToolResult: true },
        ],
      });
      await sendChat('@skills show me the secret');
      const requests = await getFakeRequests();
      const result = toolResults(requests[1]).join('\n');
      assert.match(result, /"type":"outside_skill"/);
      assert.doesNotMatch(result, /TOP-SECRET/);
      assert.doesNotMatch(await lastResponseMarkdown(), /TOP-SECRET/);
    },
  },
  {
    name: 'the loop cap stops a model that keeps calling tools, and says so',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setSetting('chat.maxRounds', 2);
      try {
        await setFakeScript({ fallback: [{ toolCall: { name: 'skillsmith_listSkills', input: {} } }] });
        const result = await sendChat('@skills loop forever');
        assert.strictEqual((await getFakeRequests()).length, 2);
        assert.strictEqual(result?.metadata?.status, 'cap-reached');
        const markdown = await lastResponseMarkdown();
        assert.match(markdown, /Stopped after 2 rounds of tool calls/);
        assert.match(markdown, /skillsmith\.chat\.maxRounds/);
      } finally {
        await setSetting('chat.maxRounds', undefined);
        await resetFakeModel();
      }
    },
  },
  {
    name: 'a model that refuses tools gets a clear message in the chat',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({ responses: [{ error: 'Tool calling is not supported by this model' }] });
      const result = await sendChat('@skills review my code');
      assert.strictEqual(result?.metadata?.status, 'error');
      assert.match(await lastResponseMarkdown(), /The selected model does not accept tools/);
    },
  },
  {
    name: 'cancelling a request that never finishes ends it quietly',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      await setFakeScript({ responses: [{ hang: true }] });
      const pending = sendChat('@skills wait for me');
      await waitFor(async () => (await getFakeRequests()).length === 1, {
        message: 'the request to reach the fake model',
      });
      await vscode.commands.executeCommand('workbench.action.chat.cancel');
      await pending;
      await waitFor(async () => (await getFakeRequests())[0].cancelled, {
        message: 'the model to see the cancellation',
      });
      assert.doesNotMatch(await lastResponseMarkdown(), /could not|failed/i);
      await resetFakeModel();
    },
  },
  {
    name: '/new drafts a SKILL.md, retries once with its problems, and offers Create skill',
    timeoutMs: 60_000,
    fn: async () => {
      await ready();
      const bad = '```markdown\n---\nname: SQL Review\n---\nCheck the migration.\n```';
      const good =
        '```markdown\n---\nname: sql-review\ndescription: Reviews SQL migrations for locking problems. Use when a migration changes a table.\n---\n1. Read the migration.\n\n$ARGUMENTS\n```';
      await setFakeScript({ responses: [[{ text: bad }], [{ text: good }]] });
      const result = await sendChat('@skills /new review SQL migrations for locking problems');
      const requests = await getFakeRequests();
      assert.strictEqual(requests.length, 2);
      assert.deepStrictEqual(requests[0].tools, []);
      assert.match(requests[0].text, /ONLY the complete file/);
      assert.match(requests[0].text, /review SQL migrations for locking problems/);
      const retry = requests[1].messages.at(-1)?.text ?? '';
      assert.match(retry, /name-format/);
      assert.match(retry, /description-missing/);
      const exported = lastExported(await exportChat());
      const markdown = await lastResponseMarkdown();
      assert.match(markdown, /Here is a draft of \*\*sql-review\*\*:\n\n```markdown\n---\nname: sql-review\n/);
      // The button's arguments are kept by VS Code behind an internal command id; the
      // result's metadata carries the same draft.
      const button = (exported.response ?? []).find((p) => (p as { kind?: string }).kind === 'command') as
        { command: { title: string } } | undefined;
      assert.ok(button, JSON.stringify(exported.response));
      assert.strictEqual(button.command.title, 'Create skill');
      assert.match(JSON.stringify(button), /skillsmith\.newSkill/);
      assert.deepStrictEqual(result?.metadata?.draft, {
        name: 'sql-review',
        description: 'Reviews SQL migrations for locking problems. Use when a migration changes a table.',
        body: '1. Read the migration.\n\n$ARGUMENTS\n',
      });
    },
  },
  {
    name: "/new's Create skill button writes the draft's whole SKILL.md, every field kept, and never overwrites",
    timeoutMs: 90_000,
    fn: async () => {
      await ready();
      const draft = [
        '---',
        'name: changelog-entry',
        'description: Writes one changelog entry for a merged change. Use when the user asks for a changelog entry.',
        'license: Apache-2.0',
        'compatibility: Needs git on the PATH.',
        'metadata:',
        '  author: skillsmith-tests',
        '  version: "1.2"',
        'allowed-tools: Bash(git log:*) Read',
        '---',
        '# Changelog entry',
        '',
        '1. Read the merged change.',
        '2. Write one line for $ARGUMENTS.',
        '',
      ].join('\n');
      await setFakeScript({ responses: [[{ text: `Here it is:\n\n\`\`\`markdown\n${draft}\`\`\`\n` }]] });
      await sendChat('@skills /new write changelog entries');
      assert.strictEqual((await getFakeRequests()).length, 1, 'the draft has no errors, so no retry');
      const target = workspaceUri('skills/changelog-entry/SKILL.md');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(target)), 'nothing is written before Create');

      // Clicked as a user would; the command then asks where, and Enter takes skills/ (it exists).
      await clickInWorkbench({ role: 'button', name: 'Create skill', exact: true });
      await waitFor(
        async () => {
          if (
            await Promise.resolve(vscode.workspace.fs.stat(target)).then(
              () => true,
              () => false,
            )
          )
            return true;
          await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
          return false;
        },
        { timeout: 20_000, interval: 250, message: 'skills/changelog-entry/SKILL.md to be created' },
      );
      assert.strictEqual(await readWorkspaceFile('skills/changelog-entry/SKILL.md'), draft);
      const api = await getExtensionApi<{
        whenIdle(): Promise<void>;
        catalog: { get(name: string): { status: string } | undefined };
      }>();
      await waitFor(() => api.catalog.get('changelog-entry')?.status === 'offered', {
        message: 'changelog-entry offered',
      });

      // The same command with another complete file for that name writes nothing.
      const result = await vscode.commands.executeCommand('skillsmith.newSkill', {
        content: draft.replace('license: Apache-2.0', 'license: MIT'),
        location: workspaceUri('skills'),
      });
      assert.strictEqual(result, undefined);
      assert.strictEqual(await readWorkspaceFile('skills/changelog-entry/SKILL.md'), draft);
    },
  },
];
