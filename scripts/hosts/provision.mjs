// Installs the pinned hosts from the npm registry into a cache outside the repository, once.
// A host already installed at the pinned version is reused as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const HOSTS = {
  codex: {
    package: '@openai/codex',
    version: '0.171.0',
    bin: 'codex',
    versionArgs: ['--version'],
    versionText: 'codex-cli 0.171.0',
  },
  copilot: {
    package: '@github/copilot',
    version: '1.0.102',
    bin: 'copilot',
    versionArgs: ['--version'],
    versionText: '1.0.102',
  },
  'claude-code': {
    package: '@anthropic-ai/claude-code',
    version: '2.1.332',
    bin: 'claude',
    versionArgs: ['--version'],
    versionText: '2.1.332',
  },
};

export function cacheRoot() {
  return path.resolve(process.env.SKILLSMITH_HOSTS_CACHE || path.join(os.homedir(), '.cache', 'skillsmith', 'hosts'));
}

/** Where Copilot CLI unpacks its 235 MB package on first start (shared by every temp HOME). */
export function copilotXdgCache() {
  return path.join(cacheRoot(), 'copilot-xdg-cache');
}

function installedVersion(dir, pkg) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', ...pkg.split('/'), 'package.json'), 'utf8'))
      .version;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure `name` (a key of HOSTS) is installed at its pinned version; returns { bin, version, installed (bool), ms }
 * or { error }. `log` receives one line per action.
 */
export function provision(name, log = () => {}) {
  const host = HOSTS[name];
  const dir = path.join(cacheRoot(), name);
  const bin = path.join(dir, 'node_modules', '.bin', host.bin);
  const t0 = Date.now();
  let installed = false;
  if (installedVersion(dir, host.package) !== host.version || !fs.existsSync(bin)) {
    log(`installing ${host.package}@${host.version} into ${dir}`);
    fs.mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--save-exact',
        '--loglevel=error',
        `${host.package}@${host.version}`,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (r.status !== 0)
      return {
        error: `npm install ${host.package}@${host.version} failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().slice(-800)}`,
      };
    installed = true;
  }
  const version = installedVersion(dir, host.package);
  if (version !== host.version)
    return { error: `${host.package} in ${dir} is ${version ?? 'missing'}, not ${host.version}` };
  // The package version is not enough: the native binary comes from an optional dependency.
  const env = {
    ...process.env,
    HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'skillsmith-hosts-version-')),
    XDG_CACHE_HOME: copilotXdgCache(),
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    NO_COLOR: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
  const v = spawnSync(bin, host.versionArgs, { encoding: 'utf8', env, timeout: 120_000 });
  fs.rmSync(env.HOME, { recursive: true, force: true });
  if (v.status !== 0 || !`${v.stdout}`.includes(host.versionText)) {
    return {
      error: `${bin} ${host.versionArgs.join(' ')} printed ${JSON.stringify(`${v.stdout}${v.stderr}`.trim().slice(0, 300))} (exit ${v.status}), expected ${host.versionText}`,
    };
  }
  return { bin, version, installed, ms: Date.now() - t0 };
}
