// Runs one suite end to end: sandbox, code-server, Chromium with the test payload,
// the live event stream, then teardown. A suite = a workspace fixture (folder or
// .code-workspace) + test modules + extension-host environment (test/host/suites.mjs).
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox } from './sandbox.mjs';
import { startCodeServer } from './codeServer.mjs';
import { openWorkbench, workbenchUrl } from './workbench.mjs';
import { watchChannel } from './channel.mjs';
import { captureScreenshot } from './capture.mjs';
import {
  clickElement,
  hoverElement,
  pressKey,
  readAfterContents,
  readAttributes,
  readTexts,
  typeText,
} from './pageActions.mjs';
import { createTally } from './report.mjs';
import { printSuiteLogs } from './diagnostics.mjs';
import { startCopilotApiMock } from './copilotApiMock.mjs';
import { upstreamProposalsLayout } from './upstreamProposals.mjs';

/** Path of the transpiled JavaScript for a TypeScript file of the repo. */
function compiled(repoRoot, outDir, tsPath) {
  const js = join(repoRoot, outDir, tsPath.replace(/\.ts$/, '.js'));
  if (!existsSync(js)) {
    throw new Error(`${js} is missing: transpile the tests first (node scripts/build.mjs --tests --outdir=${outDir})`);
  }
  return js;
}

// The workbench passes only the last of several extensionDevelopmentPath entries to
// code-server's extension scanner, but a folder without a package.json is scanned
// for extensions one level down. So both go into one folder, as symlinks.
function devExtensionsFolder(sandbox, repoRoot) {
  const dir = join(sandbox.dir, 'dev-extensions');
  mkdirSync(dir, { recursive: true });
  symlinkSync(repoRoot, join(dir, 'skillsmith'), 'dir');
  symlinkSync(join(repoRoot, 'test', 'host', 'fixture-extension'), join(dir, 'fake-model'), 'dir');
  return dir;
}

function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function serverExit(server) {
  return new Promise((_, reject) => {
    server.child.once('exit', (code, signal) =>
      reject(new Error(`code-server exited (${signal ?? code}) during the tests`)),
    );
  });
}

/** What the Copilot mock was asked, for a failed suite's log. */
function printCopilotMock(state, print) {
  print(`  copilot mock: ${state.requests.length} model requests, ${state.errors.length} errors`);
  for (const error of state.errors.slice(0, 20)) print(`    ✖ ${error}`);
  const paths = [...new Set(state.paths)];
  print(`    paths: ${paths.join(', ').slice(0, 2000)}`);
}

/**
 * Runs `suite`; returns its tally ({passed, failed}). Never throws: a crash or a
 * timeout is counted as one failed test named after the suite.
 * ctx: {layout, repoRoot, runRoot, outDir, timeoutMs, screenshotsDir, grep, track, print}
 */
export async function runSuite(suite, ctx) {
  const { print } = ctx;
  const tally = createTally(print);
  const started = Date.now();
  const timeoutMs = suite.timeoutMs ?? ctx.timeoutMs;
  const workspace = suite.workspaceFile
    ? `${suite.fixture}/${suite.workspaceFile}`
    : (suite.fixture ?? 'an empty folder');
  print(`▶ suite ${suite.name} (${workspace}${suite.home ? `, HOME from ${suite.home}` : ''})`);

  let sandbox, server, workbench, channel, copilotMock;
  let crashed = false; // failed without the in-host runner's own report
  const teardown = async () => {
    channel?.stop();
    await workbench?.close();
    await server?.stop();
    await copilotMock?.close();
  };
  const untrack = ctx.track(teardown, () => server?.pid);
  try {
    const modules = suite.tests.map((ts) => compiled(ctx.repoRoot, ctx.outDir, ts));
    const testsPath = compiled(ctx.repoRoot, ctx.outDir, 'test/host/index.ts');
    sandbox = createSandbox(ctx.runRoot, suite, join(ctx.repoRoot, 'test', 'host', 'fixtures'));
    // A suite may fill its workspace itself (the benchmark's thousands of generated skills).
    await suite.prepare?.(sandbox.workspace.root, ctx);
    // VS Code's Copilot harness against a scripted loopback model: the agent host (a child of
    // code-server) takes the GitHub and Copilot endpoints from the server's environment.
    if (suite.copilotMock) {
      copilotMock = await startCopilotApiMock({ log: process.env.SKILLSMITH_HOST_LOG_LEVEL ? print : undefined });
      Object.assign(sandbox.env, copilotMock.serverEnv(join(sandbox.dir, 'copilot-home')));
    }
    // Desktop VS Code's check of API proposals, where the suite depends on it (upstreamProposals.mjs).
    const layout = suite.upstreamProposals ? upstreamProposalsLayout(ctx.layout) : ctx.layout;
    server = await startCodeServer(layout, sandbox);

    const extensionEnv = {
      ...suite.env,
      SKILLSMITH_HOST_CHANNEL: sandbox.channelDir,
      SKILLSMITH_HOST_TESTS: JSON.stringify(modules),
      SKILLSMITH_HOST_WORKSPACE: sandbox.workspace.root,
      SKILLSMITH_HOST_SCREENSHOTS: ctx.screenshotsDir ? '1' : '',
      SKILLSMITH_HOST_GREP: ctx.grep ?? '',
      ...(copilotMock ? { SKILLSMITH_COPILOT_MOCK: copilotMock.url } : {}),
    };
    const url = workbenchUrl(server, sandbox.workspace, {
      extensions: [devExtensionsFolder(sandbox, ctx.repoRoot)],
      testsPath,
      extensionEnv,
    });
    workbench = await openWorkbench(url, { env: sandbox.env, logFile: join(sandbox.dir, 'workbench.log') });
    channel = watchChannel(sandbox.channelDir, {
      onEvent: tally.onEvent,
      onRequest: async (request) => {
        switch (request.kind) {
          case 'screenshot': {
            if (!ctx.screenshotsDir) return { skipped: true };
            const result = await captureScreenshot(workbench.page, request, ctx.screenshotsDir);
            print(`    📷 ${result.path}`);
            return result;
          }
          case 'click':
            return clickElement(workbench.page, request);
          case 'hover':
            return hoverElement(workbench.page, request);
          case 'texts':
            return readTexts(workbench.page, request);
          case 'press':
            return pressKey(workbench.page, request);
          case 'type':
            return typeText(workbench.page, request);
          case 'after':
            return readAfterContents(workbench.page, request);
          case 'attributes':
            return readAttributes(workbench.page, request);
          default:
            throw new Error(`unknown request kind ${JSON.stringify(request.kind)}`);
        }
      },
    });

    const code = await withTimeout(
      Promise.race([workbench.exited, serverExit(server)]),
      Math.max(0, started + timeoutMs - Date.now()),
      `timed out after ${timeoutMs / 1000} s (startup included)`,
    );
    await channel.flush();
    if (!tally.done) {
      crashed = true;
      tally.failSuite(`suite ${suite.name}`, `the extension host exited (code ${code}) without reporting results`);
    } else if (tally.passed + tally.failed === 0) {
      // A suite that runs nothing proves nothing; with --grep, runAll fails a run where no suite ran any.
      if (ctx.grep) print(`  no test of ${suite.name} matches --grep=${ctx.grep}`);
      else tally.failSuite(`suite ${suite.name}`, 'ran no test');
    } else if (code !== 0 && tally.failed === 0) {
      tally.failSuite(`suite ${suite.name}`, `the workbench reported exit code ${code}`);
    }
  } catch (error) {
    await channel?.flush().catch(() => {});
    crashed = true;
    tally.failSuite(`suite ${suite.name}`, error.message);
  } finally {
    untrack();
    await teardown();
  }
  if ((crashed || tally.failed > 0) && sandbox) {
    printSuiteLogs(sandbox, print);
    if (copilotMock) printCopilotMock(copilotMock.state, print);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  print(`  suite ${suite.name} took ${seconds} s: ${tally.passed} ✔, ${tally.failed} ✖`);
  return tally;
}
