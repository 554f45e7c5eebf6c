// Starts code-server (the VS Code 1.139 server) on a free loopback port, with the
// smoke-test driver enabled so the workbench accepts extension-test URL payloads.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { killTree } from './processTree.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The last `lines` lines of a log file (empty when unreadable). */
export function tailOf(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitHealthy(origin, child, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `code-server exited (${child.signalCode ?? child.exitCode}) before it was healthy:\n${tailOf(logFile)}`,
      );
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code-server was not healthy after ${timeoutMs / 1000} s:\n${tailOf(logFile)}`);
}

/** Starts code-server for `sandbox`; resolves once /healthz answers. */
export async function startCodeServer(layout, sandbox, { healthTimeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const args = [
    layout.codeServerEntry,
    '--config',
    sandbox.configFile,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    ...(sandbox.untrusted ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--user-data-dir',
    sandbox.userDataDir,
    '--extensions-dir',
    sandbox.extensionsDir,
    '--vscode-option',
    'enable-smoke-test-driver',
    // For a look into the agent host and other server processes (their logs stay in the sandbox).
    ...(process.env.SKILLSMITH_HOST_LOG_LEVEL ? ['--log', process.env.SKILLSMITH_HOST_LOG_LEVEL] : []),
    sandbox.workspace.path,
  ];
  const logFd = openSync(sandbox.serverLog, 'a');
  // detached: its own process group, so teardown can kill helpers it forks.
  const child = spawn(layout.node, args, { env: sandbox.env, detached: true, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  child.on('error', () => {
    /* reported through exitCode by waitHealthy */
  });
  const origin = `http://127.0.0.1:${port}`;
  const server = { port, origin, pid: child.pid, child, stop: () => killTree(child.pid) };
  try {
    await waitHealthy(origin, child, sandbox.serverLog, healthTimeoutMs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
