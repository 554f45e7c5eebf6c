// `npm start`: try Skillsmith in a browser, without desktop VS Code. Packages the .vsix
// (or reuses one newer than every input), provisions the cached code-server (the same
// VS Code 1.139 as the host tests), installs the .vsix into a throwaway profile, copies
// examples/ into a temp workspace (the repo's copy is never touched), and serves it on
// 127.0.0.1 until Ctrl-C, which stops code-server's whole process tree.
//
// Workspace trust is off (--disable-workspace-trust): the copied examples are ours, and
// in Restricted Mode Skillsmith lists workspace skills but does not offer them to models.
// Environment: PORT (default: a free port), SKILLSMITH_HOST_CACHE (toolchain cache).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { provision } from './host/provision.mjs';
import { createSandbox } from './host/sandbox.mjs';
import { tailOf } from './host/codeServer.mjs';
import { killTree, killTreeNow } from './host/processTree.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const VSIX = join(REPO_ROOT, 'skillsmith.vsix');
// What the .vsix is built from: when any of it is newer, the package is rebuilt.
const PACKAGE_INPUTS = [
  'src',
  'skills-templates',
  'media',
  'package.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  '.vscodeignore',
  'scripts/build.mjs',
];

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function ensureVsix() {
  const inputs = Math.max(...PACKAGE_INPUTS.map((p) => newestMtime(join(REPO_ROOT, p))));
  if (existsSync(VSIX) && statSync(VSIX).mtimeMs > inputs) {
    console.log(`[start] reusing ${VSIX} (newer than its sources)`);
    return;
  }
  console.log('[start] packaging the extension (npm run package)');
  await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'package'], { cwd: REPO_ROOT });
}

function portToUse() {
  if (process.env.PORT) {
    const port = Number(process.env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`PORT must be a port number, not '${process.env.PORT}'`);
    return Promise.resolve(port);
  }
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

async function waitHealthy(origin, child, logFile, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `code-server exited (${child.signalCode ?? child.exitCode}) before it was up:\n${tailOf(logFile)}`,
      );
    }
    try {
      if ((await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server was not up after ${timeoutMs / 1000} s:\n${tailOf(logFile)}`);
}

async function main() {
  await ensureVsix();
  const layout = await provision();
  const port = await portToUse();

  const runRoot = mkdtempSync(join(tmpdir(), 'skillsmith-start-'));
  // Isolated HOME, XDG dirs, profile and extensions; settings without telemetry or
  // updates; the README of the examples opens first (it says what to try).
  const sandbox = createSandbox(
    runRoot,
    { name: 'start', fixture: 'examples', settings: { 'workbench.startupEditor': 'readme' } },
    REPO_ROOT,
  );
  let child;
  let stopping = false;
  const cleanUp = () => rmSync(runRoot, { recursive: true, force: true });
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\n[start] stopping code-server');
    if (child?.pid) await killTree(child.pid);
    cleanUp();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(130));
  process.once('SIGTERM', () => void stop(143));
  process.once('SIGHUP', () => void stop(129));
  process.once('exit', () => {
    if (child?.pid && !stopping) killTreeNow(child.pid);
  });

  try {
    const common = [
      '--config',
      sandbox.configFile,
      '--user-data-dir',
      sandbox.userDataDir,
      '--extensions-dir',
      sandbox.extensionsDir,
    ];
    console.log('[start] installing skillsmith.vsix into a fresh profile');
    await run(layout.node, [layout.codeServerEntry, ...common, '--install-extension', VSIX], {
      env: sandbox.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });

    const logFd = openSync(sandbox.serverLog, 'a');
    child = spawn(
      layout.node,
      [
        layout.codeServerEntry,
        ...common,
        '--bind-addr',
        `127.0.0.1:${port}`,
        '--auth',
        'none',
        '--disable-telemetry',
        '--disable-update-check',
        '--disable-workspace-trust',
        '--disable-getting-started-override',
        sandbox.workspace.path,
      ],
      // Its own process group, so that stopping it reaches every helper it forks.
      { env: sandbox.env, detached: true, stdio: ['ignore', logFd, logFd] },
    );
    closeSync(logFd);
    child.on('error', () => {
      /* reported through exitCode by waitHealthy */
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitHealthy(origin, child, sandbox.serverLog);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[start] code-server exited (${signal ?? code}):\n${tailOf(sandbox.serverLog)}`);
      cleanUp();
      process.exit(1);
    });

    const folder = encodeURIComponent(sandbox.workspace.path).replace(/%2F/g, '/');
    console.log('');
    console.log(`Skillsmith is running: ${origin}/?folder=${folder}`);
    console.log('');
    console.log(`  workspace: a copy of examples/ in ${sandbox.workspace.path} (deleted on exit)`);
    console.log('  workspace trust is off, so the example skills are offered to chat models');
    console.log(`  server log: ${sandbox.serverLog}`);
    console.log('  Press Ctrl-C to stop.');
  } catch (error) {
    console.error(`[start] ${error.message}`);
    await stop(1);
  }
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  process.exit(1);
});
