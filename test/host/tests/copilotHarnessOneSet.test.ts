// One set of tools in VS Code's Copilot harness, with the default settings (docs/mcp.md, "In
// VS Code"): what the workbench offers a harness session, read in the Agent Host Protocol log,
// holds each of Skillsmith's capabilities once, as its language-model tool (a client tool), and
// the extension's MCP server does not reach the session. The suite `copilot-harness` turns
// skillsmith.mcp.enabled on and sees the server arrive; here it stays off. What the harness's
// model is then sent is followed with a mocked model in copilotHarnessTurn.test.ts.
import * as assert from 'assert';
import { HostTest, hostLog, sleep, waitFor } from '../helpers';
import { actions, customizationsSeen, send } from '../helpers/agentHost';

/** How long the session's customizations are watched after the first ones arrive. */
const SETTLE_MS = 15_000;

export const tests: HostTest[] = [
  {
    name: 'with the default settings, a prompt sent in the chat view (workbench.action.chat.open command) offers the harness each Skillsmith capability once, as a client tool, and no Skillsmith MCP server reaches the session',
    timeoutMs: 240_000,
    fn: async () => {
      send('Which skills are there?');
      const offered = await waitFor(
        () => {
          const sets = actions<{ activeClient: { tools: { name: string }[] } }>('session/activeClientSet');
          const names = sets.at(-1)?.activeClient.tools.map((t) => t.name);
          return names?.includes('skillLoad') ? names : undefined;
        },
        { timeout: 180_000, interval: 2_000, message: "the workbench's client tools for the session include skill" },
      );
      hostLog(`[copilot-harness-default] client tools: ${offered.join(', ')}`);
      for (const name of ['skillList', 'skillLoad', 'skillFile', 'skillAction'])
        assert.deepStrictEqual(
          offered.filter((n) => n === name),
          [name],
          `${name} once in ${offered.join(', ')}`,
        );
      for (const mcpTool of ['list_skills', 'load_skill', 'read_skill_file', 'run_action'])
        assert.ok(!offered.some((n) => n.endsWith(mcpTool)), `no ${mcpTool} in ${offered.join(', ')}`);
      // The session's customizations arrive (the harness's own skills); none is Skillsmith's server.
      await waitFor(() => customizationsSeen().length > 0, {
        timeout: 90_000,
        interval: 2_000,
        message: "the session's customizations",
      });
      await sleep(SETTLE_MS);
      const servers = customizationsSeen().filter(
        (c) => c.type === 'plugin' && c._meta?.mcpDefaultCwds && 'Skillsmith skills' in c._meta.mcpDefaultCwds,
      );
      assert.deepStrictEqual(
        servers.map((c) => c.uri),
        [],
        "Skillsmith's MCP server in the session's plugins",
      );
    },
  },
];
