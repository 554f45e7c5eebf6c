// Skillsmith's MCP server started by VS Code's own MCP client (docs/mcp.md): the extension's
// mcpServerDefinitionProviders entry gives VS Code the `skillsmith mcp` command; VS Code starts it,
// its tools join the agent's tool list, and a call returns a skill's body.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { HostTest, toolResultText, waitFor } from '../helpers';
import { idleApi } from './uiSupport';

export const tests: HostTest[] = [
  {
    name: "VS Code's MCP client (started with the workbench.mcp.startServer command) runs skillsmith mcp from the extension's provider; vscode.lm.tools holds its tools, and vscode.lm.invokeTool loads a skill's body",
    timeoutMs: 120_000,
    fn: async () => {
      await idleApi();
      // The provider's servers reach VS Code's MCP registry after activation: start until ours is there.
      const load = await waitFor(
        async () => {
          await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true });
          return vscode.lm.tools.find(
            (tool) => tool.name.endsWith('load_skill') && tool.name !== 'skillsmith_loadSkill',
          );
        },
        { timeout: 60_000, interval: 2_000, message: "the MCP server's load_skill in vscode.lm.tools" },
      );
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
    },
  },
];
