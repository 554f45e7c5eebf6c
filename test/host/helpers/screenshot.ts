// Screenshots for the README, taken by the runner while the test waits. Only the
// suites run by scripts/host/screenshot.mjs save them; elsewhere this is a no-op.
import { requestFromRunner } from '../channel';

export interface ScreenshotOptions {
  /** CSS selector of one workbench element to capture instead of the whole page. */
  selector?: string;
  /** Let the renderer catch up before capturing; default 500 ms. */
  settleMs?: number;
}

/** True when the runner saves screenshots in this run. */
export function screenshotsEnabled(): boolean {
  return process.env.SKILLSMITH_HOST_SCREENSHOTS === '1';
}

/** Saves media/screenshots/<name>.png of the workbench as it is now. */
export async function screenshot(name: string, options: ScreenshotOptions = {}): Promise<void> {
  if (!screenshotsEnabled()) return;
  await requestFromRunner({ kind: 'screenshot', name, ...options }, 60_000);
}
