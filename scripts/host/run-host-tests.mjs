// `npm run test:host`: runs every host suite inside real VS Code 1.139 (code-server +
// headless Chromium). Expects the bundle (dist/) and the transpiled tests (out-host/).
// Options: --suite=NAME (repeatable) --grep=TEXT --timeout=SECONDS (per suite, default 300)
//          --keep (keep the temp folder) --out-dir=out-host --screenshots[=DIR]
import { parseArgs, runHostTests } from './runAll.mjs';

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
process.exit(await runHostTests(options));
