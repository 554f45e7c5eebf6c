// Takes the README screenshots: runs the suites marked `screenshots: true` in
// test/host/suites.mjs with screenshot requests answered, saving PNGs to
// media/screenshots/ (or --screenshots=DIR). Build first, as for test:host:
//   node scripts/build.mjs && node scripts/build.mjs --tests --outdir=out-host && node scripts/host/screenshot.mjs
import { parseArgs, runHostTests } from './runAll.mjs';

let options;
try {
  const argv = process.argv.slice(2);
  options = parseArgs(argv.some((a) => a.startsWith('--screenshots')) ? argv : [...argv, '--screenshots']);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
process.exit(await runHostTests(options));
