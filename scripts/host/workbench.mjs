// Opens the VS Code web workbench in headless Chromium (driven by playwright-core)
// with an extension-test payload, and reports when the tests make it exit.
import { appendFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './cache.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The workbench URL that loads `extensions` for development and runs `testsPath`. */
export function workbenchUrl(server, workspace, { extensions, testsPath, extensionEnv }) {
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [
    ...extensions.map((path) => ['extensionDevelopmentPath', remote(path)]),
    ['extensionTestsPath', remote(testsPath)],
    ['extensionEnvironment', JSON.stringify(extensionEnv)],
  ];
  const target = workspace.kind === 'workspace' ? 'workspace' : 'folder';
  return `${server.origin}/?${target}=${encodeURIComponent(workspace.path)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * Launches Chromium and opens `url`. `exited` resolves with the code the workbench
 * passes to codeAutomationExit, or rejects when the page crashes or closes first.
 */
export async function openWorkbench(url, { env, logFile, viewport = { width: 1440, height: 900 } }) {
  const log = (line) => appendFileSync(logFile, line + '\n');
  // We own the signal handling (run-host-tests.mjs tears everything down in order).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    env,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  try {
    const page = await browser.newPage({ viewport });
    let settle;
    const exited = new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
    exited.catch(() => {
      /* the caller may stop listening after a timeout */
    });
    // Both must exist before the workbench loads: it looks them up at startup.
    await page.exposeFunction('codeAutomationExit', (code) => settle.resolve(Number(code) || 0));
    await page.exposeFunction('codeAutomationLog', (type, args) => log(`[automation ${type}] ${JSON.stringify(args)}`));
    page.on('console', (message) => log(`[console.${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => log(`[pageerror] ${error.stack ?? error.message}`));
    page.on('crash', () => settle.reject(new Error('the workbench page crashed')));
    page.on('close', () => settle.reject(new Error('the workbench page closed before the tests finished')));
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return { browser, page, exited, close: () => browser.close().catch(() => {}) };
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
}
