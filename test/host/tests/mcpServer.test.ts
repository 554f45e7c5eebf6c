// One set of tools for VS Code's agent (docs/mcp.md, "In VS Code"): Skillsmith's language-model
// tools serve it, in either harness, and the extension's MCP server definition is offered to
// VS Code's own MCP client only when `skillsmith.mcp.enabled` is turned on (off by default), so
// that the model gets each capability once. With the setting on, VS Code's MCP client starts
// `skillsmith mcp` from the extension's provider and a call returns a skill's body; with it off
// again, the server's tools leave the agent's tool list.
import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  HostTest,
  pressInWorkbench,
  toolResultText,
  typeInWorkbench,
  waitFor,
  workbenchAttributes,
  workbenchTexts,
} from '../helpers';
import { idleApi } from './uiSupport';

/** Each capability, as the language-model tool names it and as the MCP server's tool ends. */
const CAPABILITIES = [
  { lm: 'skillsmith_listSkills', mcp: 'list_skills' },
  { lm: 'skillsmith_loadSkill', mcp: 'load_skill' },
  { lm: 'skillsmith_readSkillFile', mcp: 'read_skill_file' },
  { lm: 'skillsmith_runAction', mcp: 'run_action' },
] as const;

/** The tools of the agent's list that offer a capability, in either form. */
function toolsFor(capability: (typeof CAPABILITIES)[number]): string[] {
  return vscode.lm.tools
    .map((tool) => tool.name)
    .filter((name) => name === capability.lm || name.endsWith(capability.mcp));
}

/** Asks VS Code's MCP client to start every server it knows (the workbench.mcp.startServer command). */
async function startAllServers(): Promise<void> {
  await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true });
}

const mcpSetting = () => vscode.workspace.getConfiguration('skillsmith');

/** Empties the focused input, as a user would (select all, delete). */
async function clearFocusedInput(): Promise<void> {
  await pressInWorkbench('Control+a');
  await pressInWorkbench('Backspace');
}

/** Whether the rows hold the participant's commands and Skillsmith's tools (they arrive apart). */
function listsBoth(labels: string[]): boolean {
  return labels.includes('@skills /list, Text') && labels.includes('@skillLoad, Tool');
}

/**
 * The chat input's completion for `@sk`, as a user gets it: the chat view opened (the
 * workbench.action.chat.open command), `@sk` typed key by key, and the suggest widget's rows
 * read by their accessible names ("@skills, Text", "@skillLoad, Tool", ...). Tools appear in it
 * beside participants: a tool once referenced as `skills` showed `@skills` twice. The widget
 * keeps what it listed when it opened, so it is opened again until both have arrived.
 */
async function participantCompletions(): Promise<string[]> {
  await vscode.commands.executeCommand('workbench.action.chat.open');
  await vscode.commands.executeCommand('workbench.action.chat.focusInput');
  const rows = '.suggest-widget.visible .monaco-list-row';
  let last: string[] = [];
  try {
    const labels = await waitFor(
      async () => {
        await clearFocusedInput(); // a new chat keeps an unsent draft
        await typeInWorkbench('@sk');
        await workbenchTexts({ selector: rows });
        last = await workbenchAttributes({ selector: rows, attribute: 'aria-label' });
        if (listsBoth(last)) return last;
        await pressInWorkbench('Escape');
        return undefined;
      },
      { timeout: 60_000, interval: 2_000, message: "the completion to list @skills' commands and Skillsmith's tools" },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; it listed: ${last.join(' | ')}`);
    });
    return labels.map((label) => label.split(',')[0]);
  } finally {
    await pressInWorkbench('Escape');
    await clearFocusedInput();
  }
}

/** Asserts that the completion names the participant once, beside its commands. */
async function assertOneParticipant(when: string): Promise<void> {
  const labels = await participantCompletions();
  assert.deepStrictEqual(
    labels.filter((label) => label === '@skills'),
    ['@skills'],
    `${when}: ${labels.join(' | ')}`,
  );
  assert.ok(labels.includes('@skills /list'), `${when}: ${labels.join(' | ')}`);
}

export const tests: HostTest[] = [
  {
    name: "by default vscode.lm.tools offers each of Skillsmith's capabilities once, as its language-model tool, even after the workbench.mcp.startServer command starts every MCP server, and @sk typed in the chat input (opened by the workbench.action.chat.open command) completes to one @skills",
    timeoutMs: 120_000,
    fn: async () => {
      await idleApi();
      assert.notStrictEqual(mcpSetting().get('mcp.enabled'), true, 'the suite runs with the default setting');
      await waitFor(() => vscode.lm.tools.some((tool) => tool.name === 'skillsmith_loadSkill'), {
        timeout: 30_000,
        message: 'the language-model tools',
      });
      await startAllServers();
      await assertOneParticipant('the chat completion, by default');
      for (const capability of CAPABILITIES)
        assert.deepStrictEqual(
          toolsFor(capability),
          [capability.lm],
          `${capability.mcp}: ${toolsFor(capability).join(', ')}`,
        );
    },
  },
  {
    name: "with skillsmith.mcp.enabled turned on (through the configuration API), VS Code's MCP client (the workbench.mcp.startServer command) runs skillsmith mcp from the provider, @sk typed in the chat input still completes to one @skills, vscode.lm.invokeTool loads a skill's body through it, and turned off again its tools leave vscode.lm.tools",
    timeoutMs: 180_000,
    fn: async () => {
      await idleApi();
      await mcpSetting().update('mcp.enabled', true, vscode.ConfigurationTarget.Workspace);
      try {
        // The provider's servers reach VS Code's MCP registry after the change: start until ours is there.
        const load = await waitFor(
          async () => {
            await startAllServers();
            return vscode.lm.tools.find(
              (tool) => tool.name.endsWith('load_skill') && tool.name !== 'skillsmith_loadSkill',
            );
          },
          { timeout: 60_000, interval: 2_000, message: "the MCP server's load_skill in vscode.lm.tools" },
        );
        // The MCP server's prompts become slash commands; the participant stays one `@skills`.
        await assertOneParticipant('the chat completion, with the server on');
        const names = vscode.lm.tools.map((tool) => tool.name);
        for (const tool of ['list_skills', 'read_skill_file'])
          assert.ok(
            names.some((name) => name.endsWith(tool)),
            `${tool} in ${names.join(', ')}`,
          );
        const result = await vscode.lm.invokeTool(load.name, {
          input: { name: 'review' },
          toolInvocationToken: undefined,
        });
        assert.match(toolResultText(result), /Review the code./);
      } finally {
        await mcpSetting().update('mcp.enabled', undefined, vscode.ConfigurationTarget.Workspace);
      }
      await waitFor(() => CAPABILITIES.every((capability) => toolsFor(capability).length === 1), {
        timeout: 60_000,
        interval: 1_000,
        message: "the MCP server's tools to leave vscode.lm.tools once the setting is off",
      });
    },
  },
];
