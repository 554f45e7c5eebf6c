// Answers a test's screenshot request: saves a PNG of the workbench (or of one
// element) into the screenshots folder. Used for the README's pictures.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A file-name-safe form of a screenshot name. */
export function screenshotFileName(name) {
  const safe = String(name)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!safe) throw new Error(`screenshot name ${JSON.stringify(name)} has no usable characters`);
  return `${safe}.png`;
}

/** Takes the screenshot described by `request` ({name, selector?, settleMs?}). */
export async function captureScreenshot(page, request, dir) {
  const path = join(dir, screenshotFileName(request.name));
  mkdirSync(dir, { recursive: true });
  // The extension host is ahead of the renderer (diagnostics, views update over IPC).
  await page.waitForTimeout(request.settleMs ?? 500);
  if (request.selector) {
    await page.locator(request.selector).first().screenshot({ path, timeout: 10_000 });
  } else {
    await page.screenshot({ path });
  }
  return { path };
}
