// `mcp_first_tools_list_ms` (docs/mcp.md): a whole `skillsmith mcp` process, from spawn to the
// answer of the first tools/list (after initialize), on a folder of 1,000 skills, against the
// CLI's cold `list --json` of the same folder (also a whole process). Medians of `runs`.
import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One server: spawn, initialize, tools/list; the time until that answer, in ms. */
function firstToolsList(cli: string, root: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [cli, 'mcp', '--root', root, '--no-user'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('skillsmith mcp did not answer tools/list within 60 s'));
    }, 60_000);
    child.stdout.on('data', (data: Buffer) => {
      buffer += data.toString('utf8');
      for (const line of buffer.split('\n').slice(0, -1)) {
        const message = JSON.parse(line) as { id?: number };
        if (message.id !== 2) continue;
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        clearTimeout(timer);
        child.stdin.end();
        child.on('exit', () => resolve(ms));
        return;
      }
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
  });
}

export async function measureMcpStartup(
  repo: string,
  root: string,
  runs: number,
): Promise<{ mcp_first_tools_list_ms: number; mcp_cli_list_ms: number; mcp_ratio_to_cli_list: number }> {
  const cli = path.join(repo, 'dist', 'cli.js');
  const lists: number[] = [];
  const servers: number[] = [];
  // Warm the page cache once, then alternate.
  spawnSync(process.execPath, [cli, 'list', root, '--json', '--no-user'], { maxBuffer: 256 * 1024 * 1024 });
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, [cli, 'list', root, '--json', '--no-user'], { maxBuffer: 256 * 1024 * 1024 });
    lists.push(Number(process.hrtime.bigint() - start) / 1e6);
    servers.push(await firstToolsList(cli, root));
  }
  const server = median(servers);
  const list = median(lists);
  return {
    mcp_first_tools_list_ms: Math.round(server),
    mcp_cli_list_ms: Math.round(list),
    mcp_ratio_to_cli_list: Math.round((server / list) * 100) / 100,
  };
}
