// One throwaway folder per suite holding everything VS Code, code-server and
// Chromium write (HOME, XDG_*, TMPDIR, user data, extensions, the workspace), so a
// run never touches the real HOME and every suite starts from a clean profile.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

// Quiet, deterministic workbench: no telemetry, updates, welcome pages or tips.
const BASE_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  // VS Code's own skill loading would compete with ours; its validation stays on.
  'chat.useAgentSkills': false,
  // The host verdicts (host-compat problems, badges) are the hosts suite's subject; other suites'
  // fixtures keep their skills in skills/, which no agent host reads, and count their problems exactly.
  'skillsmith.hosts': [],
};

/** Environment for code-server and Chromium: the real one, re-rooted into `dir`. */
function isolatedEnv(dir) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    // npm_* from an outer `npm run`, VSCODE_*/ELECTRON_* from a VS Code terminal.
    if (/^(npm_|VSCODE_|ELECTRON_)/i.test(key)) continue;
    env[key] = value;
  }
  const home = join(dir, 'home');
  const runtime = join(dir, 'runtime');
  for (const sub of [
    home,
    join(home, '.config'),
    join(home, '.local', 'share'),
    join(home, '.cache'),
    join(dir, 'tmp'),
  ]) {
    mkdirSync(sub, { recursive: true });
  }
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: runtime,
    TMPDIR: join(dir, 'tmp'),
  };
}

// Restricted Mode (a suite's `untrusted: true`): trust on, never asked, so the
// workspace opens untrusted. code-server then runs without --disable-workspace-trust.
const UNTRUSTED_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.emptyWindow': false,
};

/** A folder of test/host/fixtures/, checked to exist. */
function fixtureFolder(fixturesRoot, suite, name, what) {
  const folder = join(fixturesRoot, name);
  if (!existsSync(folder)) throw new Error(`suite ${suite.name}: no ${what} fixture at ${folder}`);
  return folder;
}

/**
 * Creates `<runRoot>/<suite.name>/` with an isolated environment, user settings and
 * a fresh copy of the suite's workspace fixture (a folder, or a .code-workspace; an
 * empty folder when the suite names none). `suite.home` names a fixture folder whose
 * contents are copied into the sandbox's HOME (user-level skills in ~/.claude/skills).
 */
export function createSandbox(runRoot, suite, fixturesRoot) {
  const dir = join(runRoot, suite.name);
  mkdirSync(dir, { recursive: true });
  const env = isolatedEnv(dir);
  if (suite.home) cpSync(fixtureFolder(fixturesRoot, suite, suite.home, 'home'), env.HOME, { recursive: true });

  const userDataDir = join(dir, 'ud');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(
    join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...BASE_SETTINGS, ...(suite.untrusted ? UNTRUSTED_SETTINGS : {}), ...suite.settings }, null, 2),
  );
  const extensionsDir = join(dir, 'ext');
  mkdirSync(extensionsDir, { recursive: true });

  let workspaceRoot;
  if (suite.fixture) {
    const fixture = fixtureFolder(fixturesRoot, suite, suite.fixture, 'workspace');
    workspaceRoot = join(dir, 'ws', basename(fixture));
    cpSync(fixture, workspaceRoot, { recursive: true });
  } else {
    if (suite.workspaceFile) throw new Error(`suite ${suite.name}: a workspaceFile needs a fixture`);
    workspaceRoot = join(dir, 'ws', suite.name);
    mkdirSync(workspaceRoot, { recursive: true });
  }
  // A suite's `prepare` (a workspace generated rather than copied) is run by runSuite, once, with
  // its context: the sandbox only lays out the folders.
  const workspace = suite.workspaceFile
    ? { kind: 'workspace', path: join(workspaceRoot, suite.workspaceFile), root: workspaceRoot }
    : { kind: 'folder', path: workspaceRoot, root: workspaceRoot };
  if (!existsSync(workspace.path)) throw new Error(`suite ${suite.name}: no ${workspace.path} in the fixture`);

  const channelDir = join(dir, 'channel');
  mkdirSync(channelDir, { recursive: true });
  const configFile = join(dir, 'config.yaml');
  writeFileSync(configFile, 'auth: none\ncert: false\n');

  return {
    dir,
    env,
    userDataDir,
    extensionsDir,
    workspace,
    channelDir,
    configFile,
    serverLog: join(dir, 'code-server.log'),
    untrusted: Boolean(suite.untrusted),
  };
}
