// VS Code's Copilot harness (chat.defaultToCopilotHarness: the Copilot SDK runtime, run by the agent
// host), observed in code-server 1.139.1 offline, on the case workspace of the host oracles
// (scripts/hosts/workspace.mjs). What the harness does is read where VS Code writes it: the Agent
// Host Protocol log of the session (<logs>/ahp/*.jsonl, every message between the workbench and the
// agent host) and the chat view. docs/hosts.md ("VS Code's Copilot harness") says what these tests
// found. Signed out, as here, the runtime's GitHub sign-in fails before any model is asked; the suite
// copilot-harness-turn gives the harness a scripted model and follows whole turns.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  HostTest,
  getExtension,
  getExtensionApi,
  hostLog,
  pressInWorkbench,
  sleep,
  waitFor,
  workbenchTexts,
  workspaceFolder,
} from '../helpers';
import { actions, ahpMessages, customizationsSeen, send, userData } from '../helpers/agentHost';

interface CliSkill {
  readonly path: string;
  readonly hosts: Record<string, { readonly loads: boolean; readonly reasons: readonly string[] }>;
}

/** Skillsmith's verdicts for `host` on the workspace, through its CLI. */
function skillsmithVerdicts(root: string, host: string): CliSkill[] {
  const cli = path.join(getExtension().extensionPath, 'dist', 'cli.js');
  const out = execFileSync(process.execPath, [cli, 'hosts', root, '--json', '--no-user', '--host', host], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 60_000,
  });
  return (JSON.parse(out) as { skills: CliSkill[] }).skills;
}

const real = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
};

/** Text of the chat view. */
async function chatText(): Promise<string> {
  return (await workbenchTexts({ selector: '.interactive-session' })).join('\n');
}

export const tests: HostTest[] = [
  {
    name: 'the chat view (opened with the workbench.action.chat.open command) starts a Copilot-harness session, signed out, with chat.defaultToCopilotHarness',
    timeoutMs: 120_000,
    fn: async () => {
      await getExtensionApi();
      await vscode.commands.executeCommand('workbench.action.chat.open');
      const text = await waitFor(
        async () => {
          const t = await chatText();
          return /agent-host-copilotcli/.test(t) ? t : undefined;
        },
        {
          timeout: 90_000,
          interval: 2_000,
          message: 'the chat view shows a Copilot-harness (agent-host-copilotcli) session',
        },
      );
      assert.match(text, /Sign in to use GitHub Copilot models, or add a model with your own API key/);
    },
  },
  {
    name: "a prompt sent in the chat view (workbench.action.chat.open command) offers Skillsmith's language-model tools to the harness as client tools, by their tool reference names",
    timeoutMs: 150_000,
    fn: async () => {
      send('Which skills are there?');
      const offered = await waitFor(
        () => {
          const sets = actions<{ activeClient: { tools: { name: string }[] } }>('session/activeClientSet');
          const names = sets.at(-1)?.activeClient.tools.map((t) => t.name);
          return names?.includes('skillLoad') ? names : undefined;
        },
        { timeout: 120_000, interval: 2_000, message: "the workbench's client tools for the session include skill" },
      );
      hostLog(`[copilot-harness] client tools offered to the harness: ${offered.join(', ')}`);
      for (const name of ['skillList', 'skillLoad', 'skillFile', 'skillAction'])
        assert.ok(offered.includes(name), `${name} in ${offered.join(', ')}`);
    },
  },
  {
    name: "the turn stops before any model is asked: the chat view shows the runtime's GitHub sign-in failing offline (api.github.com/copilot_internal/user)",
    timeoutMs: 150_000,
    fn: async () => {
      const text = await waitFor(
        async () => {
          const t = await chatText();
          return /sendFailed|authentication failed/.test(t) ? t : undefined;
        },
        { timeout: 120_000, interval: 2_000, message: 'the chat view shows why the turn failed' },
      );
      hostLog(`[copilot-harness] chat view: ${text.replace(/\s+/g, ' ').slice(0, 800)}`);
      assert.match(text, /SDK session authentication failed/);
      assert.match(text, /api\.github\.com\/copilot_internal\/user/);
    },
  },
  {
    name: "the harness's own skill discovery (the agent host's session customizations, in its protocol log) agrees with Skillsmith's vscode-copilot verdicts (its CLI), skill by skill",
    timeoutMs: 180_000,
    fn: async () => {
      const root = real(workspaceFolder().uri.fsPath);
      // The agent host reports the skill folders once it has read them (after the prompt above, at the latest).
      const skillFolders = await waitFor(
        () => {
          const folders = customizationsSeen().filter((c) => c.type === 'directory' && c.contents === 'skill');
          return folders.length >= 5 && folders.some((f) => (f.children ?? []).length > 0) ? folders : undefined;
        },
        { timeout: 150_000, interval: 3_000, message: "the agent host reports the session's skill folders" },
      );
      const folders = skillFolders.map((c) => path.relative(root, vscode.Uri.parse(c.uri ?? '').fsPath));
      hostLog(`[copilot-harness] skill folders the harness reads: ${folders.join(', ')}`);
      // The folders of the vscode-copilot profile (Copilot CLI's): three in the project, two in HOME.
      assert.deepStrictEqual(folders.filter((f) => !f.startsWith('..')).sort(), [
        '.agents/skills',
        '.claude/skills',
        '.github/skills',
      ]);
      const home = real(os.homedir());
      assert.deepStrictEqual(
        skillFolders
          .map((c) => path.relative(home, vscode.Uri.parse(c.uri ?? '').fsPath))
          .filter((f) => !f.startsWith('..'))
          .sort(),
        ['.agents/skills', '.copilot/skills'],
      );
      const loaded = new Set<string>();
      for (const folder of skillFolders)
        for (const child of folder.children ?? [])
          if (child.type === 'skill' && child.uri) loaded.add(real(vscode.Uri.parse(child.uri).fsPath));
      const ours = skillsmithVerdicts(root, 'vscode-copilot');
      const lines: string[] = [];
      for (const skill of ours) {
        const verdict = skill.hosts['vscode-copilot'];
        const theirs = loaded.has(real(skill.path));
        if (verdict.loads !== theirs)
          lines.push(
            `${path.relative(root, skill.path)}: Skillsmith ${verdict.loads ? 'loads' : `does not load (${verdict.reasons[0]})`}, the harness ${theirs ? 'lists it' : 'does not'}`,
          );
      }
      const judged = new Set(ours.map((s) => real(s.path)));
      const unjudged = [...loaded]
        .filter((p) => p.startsWith(root + path.sep) && !judged.has(p))
        .map((p) => path.relative(root, p));
      hostLog(
        `[copilot-harness] the harness lists ${[...loaded].filter((p) => p.startsWith(root + path.sep)).length} of the workspace's skills; Skillsmith judged ${ours.length}; disagreements: ${lines.length}; not judged: ${unjudged.length}`,
      );
      for (const line of lines.slice(0, 60)) hostLog(`[copilot-harness] ${line}`);
      assert.deepStrictEqual(unjudged, [], 'skills the harness lists that Skillsmith did not judge');
      assert.deepStrictEqual(lines, [], "Skillsmith's vscode-copilot verdicts against the harness's own discovery");
    },
  },
  {
    name: "the extension's MCP server (its mcpServerDefinitionProviders entry) reaches the harness's session: the agent host syncs 'Skillsmith skills' into the session's plugin, with skillsmith mcp --root on the workspace",
    timeoutMs: 120_000,
    fn: async () => {
      const root = real(workspaceFolder().uri.fsPath);
      const plugin = await waitFor(
        () =>
          customizationsSeen().find(
            (c) => c.type === 'plugin' && c._meta?.mcpDefaultCwds && 'Skillsmith skills' in c._meta.mcpDefaultCwds,
          ),
        { timeout: 90_000, interval: 2_000, message: "the session's plugin customization names Skillsmith skills" },
      );
      hostLog(`[copilot-harness] MCP plugin: ${plugin.name ?? ''} ${plugin.uri ?? ''}`);
      // The plugin's folder under <user data>/agentPlugins holds the server's launch, as .mcp.json.
      const plugins = path.join(userData(), 'agentPlugins');
      const configs = fs
        .readdirSync(plugins, { recursive: true, encoding: 'utf8' })
        .filter((f) => path.basename(f) === '.mcp.json')
        .map(
          (f) =>
            JSON.parse(fs.readFileSync(path.join(plugins, f), 'utf8')) as {
              mcpServers: Record<string, { command: string; args: string[] }>;
            },
        );
      const server = configs.map((c) => c.mcpServers['Skillsmith skills']).find(Boolean);
      assert.ok(server, `Skillsmith skills in ${plugins}/**/.mcp.json`);
      assert.strictEqual(path.basename(server.args[0]), 'cli.js');
      assert.deepStrictEqual(server.args.slice(1, 4), ['mcp', '--root', root]);
    },
  },
  {
    // In the Local harness `@skills /list` answers from the catalog with no model at all
    // (chatParticipant.test.ts): a table headed "Offered to the model".
    name: "@skills /list, put in the Copilot-harness chat input (workbench.action.chat.open command) and sent with Enter, is taken from the harness (nothing reaches the agent host) and ends in 'Language model unavailable', without the participant's answer",
    timeoutMs: 150_000,
    fn: async () => {
      await vscode.commands.executeCommand('workbench.action.chat.newChat');
      await sleep(3_000);
      send('@skills /list');
      await sleep(5_000);
      await vscode.commands.executeCommand('workbench.action.chat.focusInput');
      await pressInWorkbench('Enter');
      await sleep(20_000);
      const text = await chatText();
      hostLog(`[copilot-harness] @skills chat view: ${text.replace(/\s+/g, ' ').slice(0, 1200)}`);
      const sent = ahpMessages()
        .map((m) => JSON.stringify(m))
        .filter((m) => m.includes('@skills /list'));
      hostLog(
        `[copilot-harness] AHP messages holding '@skills /list': ${sent.length}; first: ${sent[0]?.slice(0, 600) ?? ''}`,
      );
      assert.match(text, /@skills \/list/, 'the prompt is in the chat view');
      assert.strictEqual(sent.length, 0, 'no message to the agent host holds the prompt');
      // The harness's model picker holds only its own models (none, signed out): no model for the participant.
      assert.match(text, /Language model unavailable/);
      assert.doesNotMatch(text, /Offered to the model/, "the participant's /list table");
    },
  },
];
