// VS Code's Copilot harness with a model turn (suite copilot-harness-turn): the runtime's GitHub and
// Copilot endpoints are a scripted loopback mock (scripts/host/copilotApiMock.mjs) that records what
// the harness sent its model and answers with scripted text or tool calls. The tests run in order in
// one harness session, on the case workspace of the host oracles plus the echo-action skill, and
// compare what the model was shown and given back with Skillsmith's CLI on the same folder.
// docs/hosts.md ("VS Code's Copilot harness") says what they found.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  HostTest,
  clickInWorkbench,
  getExtension,
  getExtensionApi,
  hostLog,
  sleep,
  waitFor,
  workbenchTexts,
  workspaceFolder,
} from '../helpers';
import { ahpMessages, customizationsSeen, send, userData } from '../helpers/agentHost';
import { MockReply, MockRequest, mainRequestsAfter, mockState, scriptMock, waitForMock } from '../helpers/copilotMock';

const real = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
};
const root = () => real(workspaceFolder().uri.fsPath);
const cliPath = () => path.join(getExtension().extensionPath, 'dist', 'cli.js');

/** Skillsmith's CLI on the workspace (stdout). */
function cli(args: string[]): string {
  return execFileSync(process.execPath, [cliPath(), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 60_000,
  });
}

async function chatText(): Promise<string> {
  return (await workbenchTexts({ selector: '.interactive-session' })).join('\n').replace(/\u00a0/g, ' ');
}

/**
 * One turn: scripts `replies`, sends `prompt` in the chat view (workbench.action.chat.open command)
 * and waits until the harness has sent the model one main request per reply. Returns them.
 */
async function turn(prompt: string, replies: MockReply[], timeout = 120_000): Promise<MockRequest[]> {
  const since = await scriptMock(replies);
  send(prompt);
  return waitForMock(
    (s) => {
      const requests = mainRequestsAfter(s, since);
      return requests.length >= replies.length ? requests : undefined;
    },
    { timeout, message: `${replies.length} model requests for '${prompt}'` },
  );
}

/** The result the model got for its call of a tool whose name matches `name`, in `request`. */
function resultOf(request: MockRequest, name: RegExp): string {
  const call = [...request.toolCalls].reverse().find((c) => name.test(c.name));
  assert.ok(call, `a call of ${name} in ${request.toolCalls.map((c) => c.name).join(', ')}`);
  const result = request.toolResults.find((r) => r.callId === call.callId);
  assert.ok(result, `the result of ${call.name} (${call.callId})`);
  return result.text;
}

/** Waits until the chat view shows `marker` (a scripted reply): the turn ended in the UI. */
async function chatShows(marker: string): Promise<string> {
  return waitFor(
    async () => {
      const text = await chatText();
      return text.includes(marker) ? text : undefined;
    },
    { timeout: 60_000, interval: 1_000, message: `the chat view shows '${marker}'` },
  );
}

interface CliSkill {
  readonly name: string;
  readonly path: string;
  readonly hosts: Record<
    string,
    { readonly loads: boolean; readonly listing?: string | null; readonly reasons: string[] }
  >;
}
interface CliListed {
  readonly name: string;
  readonly description?: string;
  readonly path: string;
}

type Form = 'full' | 'shortened' | 'name-only' | 'dropped';

/**
 * The listing of `request` against `skillsmith hosts --host vscode-copilot`, skill by skill: each
 * skill Skillsmith says loads is shown in full, shortened, by name only or not at all.
 */
function compareListing(request: MockRequest): { lines: string[]; counts: Record<Form, number>; extra: string[] } {
  const listing = request.listing;
  assert.ok(listing, 'the request carries an <available_skills> block');
  const verdicts = (
    JSON.parse(cli(['hosts', root(), '--json', '--no-user', '--host', 'vscode-copilot'])) as { skills: CliSkill[] }
  ).skills;
  const described = new Map(
    (JSON.parse(cli(['list', root(), '--json', '--no-user'])) as { skills: CliListed[] }).skills.map((s) => [
      real(s.path),
      s.description ?? '',
    ]),
  );
  const nameOnly = new Set(listing.nameOnly);
  const counts: Record<Form, number> = { full: 0, shortened: 0, 'name-only': 0, dropped: 0 };
  const lines: string[] = [];
  const loadedNames = new Set<string>();
  for (const skill of verdicts) {
    const verdict = skill.hosts['vscode-copilot'];
    if (!verdict.loads) continue;
    loadedNames.add(skill.name);
    const shown = listing.full[skill.name];
    const description = described.get(real(skill.path));
    // Shortened: shown with less than the description Skillsmith reads (a skill outside its
    // catalog, deeper than it looks, has none to compare with: shown is then taken as full).
    const theirs: Form =
      shown !== undefined
        ? description && shown.length < description.length
          ? 'shortened'
          : 'full'
        : nameOnly.has(skill.name)
          ? 'name-only'
          : 'dropped';
    counts[theirs]++;
    // A skill kept from the model (disable-model-invocation) has no listing form: left out.
    if (theirs !== (verdict.listing ?? 'dropped'))
      lines.push(
        `${path.relative(root(), skill.path)}: Skillsmith says ${verdict.listing}, the harness shows it ${theirs}`,
      );
  }
  const extra = [...Object.keys(listing.full), ...listing.nameOnly].filter((n) => !loadedNames.has(n));
  return { lines, counts, extra };
}

/** `skillsmith mcp` as VS Code launches it for the harness (its .mcp.json under agentPlugins). */
function harnessMcpLaunch(): { command: string; args: string[] } {
  const plugins = path.join(userData(), 'agentPlugins');
  for (const file of fs.readdirSync(plugins, { recursive: true, encoding: 'utf8' }))
    if (path.basename(file) === '.mcp.json') {
      const config = JSON.parse(fs.readFileSync(path.join(plugins, file), 'utf8')) as {
        mcpServers: Record<string, { command: string; args: string[] }>;
      };
      const server = config.mcpServers['Skillsmith skills'];
      if (server) return server;
    }
  throw new Error(`no Skillsmith skills in ${plugins}/**/.mcp.json`);
}

/** Calls `tool` on a `skillsmith mcp` of our own, started as the harness starts it. */
async function directMcpCall(tool: string, args: Record<string, unknown>): Promise<string> {
  const launch = harnessMcpLaunch();
  const transport = new StdioClientTransport({ command: process.execPath, args: launch.args, stderr: 'ignore' });
  const client = new Client({ name: 'skillsmith-host-test', version: '0' });
  await client.connect(transport);
  try {
    const result = (await client.callTool({ name: tool, arguments: args })) as {
      content: { type: string; text?: string }[];
    };
    return result.content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('');
  } finally {
    await client.close();
  }
}

const ECHO_RUNS = () => path.join(root(), '.github', 'skills', 'echo-action', 'ran.jsonl');
const echoRuns = () =>
  fs.existsSync(ECHO_RUNS()) ? fs.readFileSync(ECHO_RUNS(), 'utf8').trim().split('\n').length : 0;

let firstRequest: MockRequest | undefined;

export const tests: HostTest[] = [
  {
    name: "a prompt sent in the chat view (workbench.action.chat.open command) runs a Copilot-harness turn on the mock model, and the model's reply shows in the chat view",
    timeoutMs: 240_000,
    fn: async () => {
      await getExtensionApi();
      await vscode.commands.executeCommand('workbench.action.chat.open');
      // The harness's tools arrive once the session's customizations are read; wait for ours.
      await waitFor(() => customizationsSeen().some((c) => c.type === 'plugin'), {
        timeout: 120_000,
        interval: 2_000,
        message: "the session's plugin customization (the MCP servers) is reported",
      });
      const [request] = await turn('Which skills are there?', [{ text: 'HARNESS-REPLY-ONE' }], 180_000);
      firstRequest = request;
      hostLog(`[copilot-harness-turn] tools offered to the model: ${request.tools.join(', ')}`);
      hostLog(`[copilot-harness-turn] listing in ${request.listing?.where ?? 'nowhere'}`);
      await chatShows('HARNESS-REPLY-ONE');
      assert.strictEqual(request.model, 'mock-harness-model');
      assert.ok(
        request.user.some((u) => u.includes('Which skills are there?')),
        'the prompt reaches the model',
      );
      for (const name of ['skillList', 'skillLoad', 'skillFile', 'skillAction'])
        assert.ok(request.tools.includes(name), `${name} offered to the model`);
      assert.ok(
        request.tools.some((t) => /list_skills$/.test(t)),
        'the MCP server list_skills offered',
      );
    },
  },
  {
    name: "the skill listing the harness sends its model (its skill tool's <available_skills>) agrees skill by skill with skillsmith hosts --host vscode-copilot: shown in full, shortened, by name only, or left out",
    timeoutMs: 120_000,
    fn: async () => {
      assert.ok(firstRequest, 'the first turn ran');
      assert.match(firstRequest.listing?.where ?? '', /^body\.tools\.\d+\.description$/, 'in a tool description');
      const { lines, counts, extra } = compareListing(firstRequest);
      hostLog(
        `[copilot-harness-turn] listing: ${counts.full} full, ${counts.shortened} shortened, ${counts['name-only']} name-only, ${counts.dropped} left out (unnamed: ${firstRequest.listing?.unnamed}); disagreements: ${lines.length}; not judged: ${extra.length}`,
      );
      for (const line of lines.slice(0, 40)) hostLog(`[copilot-harness-turn] ${line}`);
      assert.ok(counts.full > 0 && counts['name-only'] + counts.dropped > 0, 'the budget was reached');
      assert.deepStrictEqual(extra, [], 'names the harness lists that Skillsmith does not load');
      assert.deepStrictEqual(lines, [], "Skillsmith's vscode-copilot listing against the harness's");
    },
  },
  {
    name: 'skillList called by the harness model returns the listing of skillsmith list, less the skills the harness lists itself, which it names',
    timeoutMs: 180_000,
    fn: async () => {
      const [, second] = await turn('List the skills with skillList', [
        { call: { name: 'skillList' } },
        { quoteToolResults: true, prefix: 'HARNESS-LIST:' },
      ]);
      const result = resultOf(second, /^skillList$/);
      hostLog(`[copilot-harness-turn] skillList (${result.length} chars): ${result.slice(0, 1500)}`);
      const cliListing = (JSON.parse(cli(['list', root(), '--json', '--no-user'])) as { listing: string }).listing;
      const cliLines = cliListing.split('\n').filter((l) => l.startsWith('- '));
      const toolLines = result
        .split('\n\n')[0]
        .split('\n')
        .filter((l) => l.startsWith('- '));
      assert.ok(toolLines.length > 0, 'the tool lists skills');
      assert.deepStrictEqual(
        toolLines.filter((l) => !cliLines.includes(l)),
        [],
        'every entry of the tool is an entry of skillsmith list',
      );
      const leftOut = /\((\d+) skills? left out: VS Code's agent lists/.exec(result);
      hostLog(
        `[copilot-harness-turn] skillList: ${toolLines.length} entries, ${leftOut?.[1] ?? 0} left out; skillsmith list: ${cliLines.length} entries`,
      );
      assert.strictEqual(toolLines.length + Number(leftOut?.[1] ?? 0), cliLines.length);
      await chatShows('HARNESS-LIST:');
    },
  },
  {
    name: "skillLoad and skillFile called by the harness model return what skillsmith expand gives and the file's bytes; a skill the harness lists itself is pointed back to its own skill tool",
    timeoutMs: 180_000,
    fn: async () => {
      const [, second, , fourth] = await turn('Load depth-1-plain and read a file of echo-action', [
        { call: { name: 'skillLoad', args: { name: 'depth-1-plain' } } },
        { call: { name: 'skillFile', args: { name: 'echo-action', path: 'scripts/echo.mjs' } } },
        { call: { name: 'skillLoad', args: { name: 'echo-action' } } },
        { text: 'HARNESS-LOADED' },
      ]);
      const loaded = resultOf(second, /^skillLoad$/);
      hostLog(`[copilot-harness-turn] skillLoad depth-1-plain: ${loaded.slice(0, 600)}`);
      assert.strictEqual(loaded.trim(), cli(['expand', 'depth-1-plain', '--root', root()]).trim());
      const file = resultOf(fourth, /^skillFile$/);
      const onDisk = fs.readFileSync(path.join(root(), '.github/skills/echo-action/scripts/echo.mjs'), 'utf8');
      assert.ok(file.includes(onDisk.trim()), `skillFile holds the file: ${file.slice(0, 300)}`);
      const native = resultOf(fourth, /^skillLoad$/);
      hostLog(`[copilot-harness-turn] skillLoad echo-action: ${native.slice(0, 600)}`);
      // It names the tools as this harness offers them too.
      assert.match(native, /one of VS Code's agent's own skills/);
      assert.match(native, /read with skillsmith_readSkillFile \(skillFile in the Copilot harness\)/);
      await chatShows('HARNESS-LOADED');
    },
  },
  {
    name: 'skillAction called by the harness model asks for approval in the chat view first; Allow Once (clicked) runs it, and the model gets what skillsmith run gives',
    timeoutMs: 240_000,
    fn: async () => {
      const before = echoRuns();
      const since = await scriptMock([
        { call: { name: 'skillAction', args: { name: 'echo-action', action: 'echo', input: { word: 'harness' } } } },
        { quoteToolResults: true, prefix: 'HARNESS-RAN:' },
      ]);
      send('Echo harness with the echo action');
      const shown = await waitFor(
        async () => {
          const text = await chatText();
          return /Run echo-action/.test(text) ? text : undefined;
        },
        { timeout: 90_000, interval: 1_000, message: 'the approval of the run in the chat view' },
      );
      hostLog(`[copilot-harness-turn] approval: ${shown.replace(/\s+/g, ' ').slice(-1500)}`);
      assert.strictEqual(echoRuns(), before, 'nothing ran before the approval');
      assert.match(shown, /node scripts\/echo\.mjs/);
      // "Allow in this Session" would let later runs through unasked: Allow Once, from its menu.
      const within = '.interactive-input-part:has-text("Run echo-action")';
      await clickInWorkbench({ selector: '.monaco-button-dropdown .monaco-dropdown-button', within });
      await clickInWorkbench({ role: 'menuitem', name: 'Allow Once', exact: true });
      const [, second] = await waitForMock(
        (s) => {
          const requests = mainRequestsAfter(s, since);
          return requests.length >= 2 ? requests : undefined;
        },
        { timeout: 90_000, message: 'the model gets the result of the run' },
      );
      assert.strictEqual(echoRuns(), before + 1, 'one run');
      const result = JSON.parse(resultOf(second, /^skillAction$/)) as { status: string; data: unknown };
      const direct = JSON.parse(
        cli(['run', 'echo-action', 'echo', '--input', '{"word":"harness"}', '--root', root(), '--json']),
      ) as { status: string; data: unknown };
      assert.deepStrictEqual([result.status, result.data], [direct.status, direct.data]);
      await chatShows('HARNESS-RAN:');
    },
  },
  {
    name: "the MCP server's tools called by the harness model (list_skills, load_skill, an action's own tool) give what the same calls to skillsmith mcp give",
    timeoutMs: 240_000,
    fn: async () => {
      const [, second, third] = await turn('Use the Skillsmith MCP server', [
        { call: { name: '/-list_skills$/' } },
        { call: { name: '/-load_skill$/', args: { name: 'echo-action' } } },
        { text: 'HARNESS-MCP' },
      ]);
      const listed = resultOf(second, /-list_skills$/);
      const loaded = resultOf(third, /-load_skill$/);
      // The runtime saves a result over its limit to a file and gives the model a preview of it.
      const saved = /^Output too large to read at once \(([\d.]+ KB)\)\. Saved to: (.+)$/m.exec(listed);
      hostLog(
        `[copilot-harness-turn] MCP list_skills reached the model ${saved ? `as a file of ${saved[1]}` : 'whole'}`,
      );
      assert.strictEqual(saved ? fs.readFileSync(saved[2], 'utf8') : listed, await directMcpCall('list_skills', {}));
      assert.strictEqual(loaded, await directMcpCall('load_skill', { name: 'echo-action' }));
      hostLog(
        `[copilot-harness-turn] MCP list_skills ${listed.length} chars, load_skill ${loaded.length} chars: equal`,
      );
      await chatShows('HARNESS-MCP');
    },
  },
  {
    name: "/skillsmith list sent in the chat view (workbench.action.chat.open command) attaches the extension's contributed skill (contributes.chatSkills) to the prompt; the model, following it, calls skillList",
    timeoutMs: 180_000,
    fn: async () => {
      const [first, second, third] = await turn('/skillsmith list', [
        { call: { name: 'skill', args: { skill: 'skillsmith' } } },
        { call: { name: 'skillList' } },
        { text: 'HARNESS-SKILLSMITH' },
      ]);
      const prompt = first.user.at(-1) ?? '';
      hostLog(`[copilot-harness-turn] /skillsmith list reaches the model as: ${prompt.slice(0, 800)}`);
      assert.match(prompt, /\/skillsmith list/);
      const attached = /^\* (.+prompt_SKILL\.md) \(\d+ lines\)$/m.exec(prompt);
      assert.ok(attached, 'the skill is attached to the prompt');
      const ours = fs.readFileSync(
        path.join(getExtension().extensionPath, 'chat-skills', 'skillsmith', 'SKILL.md'),
        'utf8',
      );
      assert.strictEqual(fs.readFileSync(attached[1], 'utf8'), ours, 'the attachment is the contributed SKILL.md');
      // The runtime knows it by name too: its skill tool loads it.
      assert.match(resultOf(second, /^skill$/), /Skill "skillsmith" loaded successfully/);
      assert.match(resultOf(third, /^skillList$/), /^- depth-1-plain: /m);
      await chatShows('HARNESS-SKILLSMITH');
    },
  },
  {
    // In the Local harness the participant answers these (chatParticipant.test.ts); here the
    // harness's chat holds only its own models, which the participant cannot use.
    name: "@skills /list, @skills /show NAME and @skills with a free request, each sent in the Copilot-harness chat view (workbench.action.chat.open command), end in 'Language model unavailable' with a harness model present: nothing reaches the agent host or the model",
    timeoutMs: 240_000,
    fn: async () => {
      const unavailable = async () => (await chatText()).split('Language model unavailable').length - 1;
      for (const prompt of ['@skills /list', '@skills /show echo-action', '@skills which skill echoes a word?']) {
        const since = await scriptMock([]);
        const before = await unavailable();
        send(prompt);
        await waitFor(async () => (await unavailable()) > before, {
          timeout: 60_000,
          interval: 1_000,
          message: `'${prompt}' ends in Language model unavailable`,
        });
        const state = await mockState();
        const held = ahpMessages().filter((m) => JSON.stringify(m).includes(prompt)).length;
        hostLog(
          `[copilot-harness-turn] ${prompt}: Language model unavailable; model requests ${mainRequestsAfter(state, since).length}, AHP messages holding it ${held}`,
        );
        assert.deepStrictEqual([mainRequestsAfter(state, since).length, held, state.errors], [0, 0, []], prompt);
      }
      assert.doesNotMatch(await chatText(), /Offered to the model/, "the participant's /list table");
    },
  },
  {
    name: "a skill added, one edited and one deleted while the harness session is open reach the next turn: its listing, and the MCP server's list_skills, and its tools/list_changed brings an added action's tools to a later turn",
    timeoutMs: 300_000,
    fn: async () => {
      // A client of our own on the server as the harness starts it: it sees the server announce the change.
      const launch = harnessMcpLaunch();
      const client = new Client({ name: 'skillsmith-host-test', version: '0' });
      let announced = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        announced++;
      });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: launch.args, stderr: 'ignore' }),
      );
      await client.listTools();
      const base = path.join(root(), '.github', 'skills');
      fs.mkdirSync(path.join(base, 'added-mid-session'), { recursive: true });
      fs.writeFileSync(
        path.join(base, 'added-mid-session', 'SKILL.md'),
        '---\nname: added-mid-session\ndescription: Added while the harness session is open. Use when testing.\n---\nBody of the added skill.\n',
      );
      fs.cpSync(path.join(base, 'echo-action'), path.join(base, 'echo-twice'), { recursive: true });
      const twice = path.join(base, 'echo-twice', 'SKILL.md');
      fs.writeFileSync(twice, fs.readFileSync(twice, 'utf8').replace('name: echo-action', 'name: echo-twice'));
      const echo = path.join(base, 'echo-action', 'SKILL.md');
      fs.writeFileSync(
        echo,
        fs
          .readFileSync(echo, 'utf8')
          .replace(/^description: .*$/m, 'description: Echoes a word, edited mid-session. Use when testing actions.'),
      );
      fs.rmSync(path.join(base, 'depth-1-github'), { recursive: true });
      try {
        await waitFor(() => announced > 0, {
          timeout: 60_000,
          interval: 500,
          message: 'skillsmith mcp announces tools/list_changed',
        });
      } finally {
        await client.close();
      }
      // The harness watches the folders itself: the next turns show what it took.
      const seen: MockRequest[] = [];
      for (let attempt = 1; attempt <= 4 && !seen.some((r) => r.tools.some((t) => /echo_twice/.test(t))); attempt++) {
        await sleep(5_000);
        const [request] = await turn(`What changed? (${attempt})`, [{ text: `HARNESS-CHANGED-${attempt}` }]);
        seen.push(request);
        const full = request.listing?.full ?? {};
        hostLog(
          `[copilot-harness-turn] after the changes, turn ${attempt}: added ${'added-mid-session' in full}, edited ${/edited mid-session/.test(full['echo-action'] ?? '')}, deleted ${!('depth-1-github' in full)}, echo-twice tools ${request.tools.filter((t) => /echo_twice/.test(t)).join(', ') || 'none'}`,
        );
        await chatShows(`HARNESS-CHANGED-${attempt}`);
      }
      const next = seen[0];
      assert.strictEqual(
        next.listing?.full['added-mid-session'],
        'Added while the harness session is open. Use when testing.',
      );
      assert.match(next.listing?.full['echo-action'] ?? '', /edited mid-session/);
      assert.ok(!('depth-1-github' in (next.listing?.full ?? {})), 'the deleted skill is gone');
      const { lines, extra } = compareListing(next);
      assert.deepStrictEqual([lines, extra], [[], []], 'the listing still agrees with skillsmith hosts');
      // The server's action tools come from its tools/list: the harness asks again on list_changed,
      // and the new action's tools reach the model from a later turn on (the second, here).
      const twiceTools = (request: MockRequest) =>
        request.tools.filter((t) => /echo_twice/.test(t)).map((t) => t.replace(/^.*-skill__/, 'skill__'));
      const from = seen.findIndex((r) => twiceTools(r).length > 0);
      assert.ok(from >= 0, `echo-twice's action tools reach the model within ${seen.length} turns`);
      for (const request of seen.slice(from))
        assert.deepStrictEqual(twiceTools(request).sort(), ['skill__echo_twice__count', 'skill__echo_twice__echo']);
      const [, listed] = await turn('List with the MCP server', [
        { call: { name: '/-list_skills$/' } },
        { text: 'HARNESS-RELISTED' },
      ]);
      const result = resultOf(listed, /-list_skills$/);
      const saved = /Saved to: (.+)$/m.exec(result);
      const text = saved ? fs.readFileSync(saved[1], 'utf8') : result;
      assert.match(text, /^- added-mid-session: Added while the harness session is open/m);
      assert.match(text, /^- echo-action: Echoes a word, edited mid-session/m);
      assert.doesNotMatch(text, /^- depth-1-github:/m);
      await chatShows('HARNESS-RELISTED');
    },
  },
];
