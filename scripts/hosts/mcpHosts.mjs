// The three agent CLIs as MCP clients of `skillsmith mcp` (docs/mcp.md, "For other agents"): each
// started headless, offline, against the loopback mock model of scripts/hosts/mockModel.mjs, with
// exactly the server set-up docs/mcp.md gives for it. One function per host; each returns
// { code, stdout, stderr } and leaves the model's requests in the mock.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

/** Runs a host to its end (or the timeout); resolves with its exit code and output. */
function runHost(bin, args, { cwd, env, timeoutMs = 240_000 }) {
  return new Promise((resolve) => {
    const p = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The server's command line: `node dist/cli.js mcp --root WS --no-user --actions MODE`. */
export function serverCommand(cli, root, mode) {
  return { command: process.execPath, args: [cli, 'mcp', '--root', root, '--no-user', '--actions', mode] };
}

/**
 * Claude Code 2.1.332: `claude -p PROMPT --mcp-config FILE --strict-mcp-config --allowedTools
 * mcp__skillsmith`, the Messages API at ANTHROPIC_BASE_URL. The allow-list names the server, which
 * lets its every tool run without a permission prompt (there is no one to answer one under -p).
 */
export function claudeMcpTurn(bin, { home, cwd, server, env, modelUrl, prompt }) {
  const config = path.join(home, 'skillsmith-mcp.json');
  fs.writeFileSync(
    config,
    JSON.stringify({ mcpServers: { skillsmith: { type: 'stdio', command: server.command, args: server.args, env } } }),
  );
  return runHost(
    bin,
    [
      '-p',
      prompt,
      '--mcp-config',
      config,
      '--strict-mcp-config',
      '--allowedTools',
      'mcp__skillsmith',
      '--model',
      'claude-sonnet-4-6',
      '--output-format',
      'json',
    ],
    {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        ANTHROPIC_BASE_URL: modelUrl,
        ANTHROPIC_API_KEY: 'sk-ant-mock',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        // MCP tools in the first request, not deferred behind ToolSearch (the scripted model calls them by name).
        ENABLE_TOOL_SEARCH: 'false',
        NO_COLOR: '1',
      },
    },
  );
}

/** A TOML string. */
const toml = (s) => JSON.stringify(s);

/**
 * Codex 0.171.0: `codex exec` with the server in `-c mcp_servers.skillsmith.*` (the same keys as
 * `[mcp_servers.skillsmith]` in config.toml: command, args, env, required = true,
 * default_tools_approval_mode = "approve"), and a model provider on the mock's Responses API.
 */
export function codexMcpTurn(bin, { home, cwd, server, env, modelUrl, prompt, extraConfig = [] }) {
  const config = [
    `model_provider="mock"`,
    `model="mock-model"`,
    `model_providers.mock={name="mock",base_url=${toml(`${modelUrl}/v1`)},wire_api="responses",env_key="MOCK_API_KEY"}`,
    `mcp_servers.skillsmith.command=${toml(server.command)}`,
    `mcp_servers.skillsmith.args=[${server.args.map(toml).join(',')}]`,
    `mcp_servers.skillsmith.env={${Object.entries(env)
      .map(([k, v]) => `${k}=${toml(v)}`)
      .join(',')}}`,
    // exec starts the turn without waiting for an MCP server unless it is required.
    `mcp_servers.skillsmith.required=true`,
    // exec's approval policy is "never": a tool that needs Codex's own approval is refused
    // before the server sees it. The server's own consent (ask, approved) decides instead.
    `mcp_servers.skillsmith.default_tools_approval_mode="approve"`,
    ...extraConfig,
  ];
  const e = { ...process.env, HOME: home, MOCK_API_KEY: 'mock', NO_COLOR: '1' };
  delete e.CODEX_HOME;
  delete e.OPENAI_API_KEY;
  return runHost(bin, ['exec', '--skip-git-repo-check', '--json', ...config.flatMap((c) => ['-c', c]), prompt], {
    cwd,
    env: e,
  });
}

/**
 * Copilot CLI 1.0.102: `copilot -p PROMPT --additional-mcp-config @FILE --allow-tool skillsmith`,
 * offline with COPILOT_PROVIDER_BASE_URL on the mock's chat completions.
 */
export function copilotMcpTurn(bin, { home, cwd, xdgCache, server, env, modelUrl, prompt }) {
  const config = path.join(home, 'skillsmith-mcp.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { skillsmith: { type: 'local', command: server.command, args: server.args, env, tools: ['*'] } },
    }),
  );
  return runHost(bin, ['-p', prompt, '--additional-mcp-config', `@${config}`, '--allow-tool', 'skillsmith'], {
    cwd,
    env: {
      ...process.env,
      HOME: home,
      XDG_CACHE_HOME: xdgCache,
      COPILOT_OFFLINE: 'true',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
      COPILOT_MODEL: 'mock-model',
      NO_COLOR: '1',
    },
  });
}
