// Reads the TAP that `node --test --test-reporter=tap` wrote to a file (under Wine it cannot
// be a pipe) into test results, so the runner can report failures and count honestly.

const TEST_POINT = /^(not ok|ok) (\d+)(?: - (.*?))?(?: # (SKIP|TODO)\b ?(.*))?$/;
const ESCAPES = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' };

// Node's TAP reporter escapes \ and # in names, and control characters as \n, \t...
function unescape(text = '') {
  return text.replace(/\\(.)/g, (_, c) => ESCAPES[c] ?? c);
}

// A single-line value is written with util.inspect ('...', "..." or `...`, JS escapes); it is
// not YAML's quoting (a YAML parser would keep every backslash of a Windows path doubled).
function inspected(raw) {
  const q = raw[0];
  if (raw.length < 2 || !`'"\``.includes(q) || raw.at(-1) !== q) return raw;
  return raw
    .slice(1, -1)
    .replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_, c) =>
      c.length > 1 ? String.fromCharCode(parseInt(c.slice(1), 16)) : (ESCAPES[c] ?? c),
    );
}

/** The top-level keys of a diagnostics block: `key: |-` blocks and inspected scalars (nested values stay raw). */
function parseDiagnostics(lines) {
  const diag = {};
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^([A-Za-z_]\w*):(?: (.*))?$/);
    if (!m) continue;
    const body = [];
    while (i + 1 < lines.length && /^(  |$)/.test(lines[i + 1])) body.push(lines[++i].slice(2));
    diag[m[1]] = m[2] === '|-' || m[2] === undefined ? body.join('\n').trimEnd() : inspected(m[2]);
  }
  return diag;
}

/**
 * Parses TAP text. Returns every test point as { name (with its parents, ' > '), ok, skip,
 * todo, reason, parent (it had subtests), diag }, the top-level plan, the `# tests`-style
 * summary counters and a bail-out message.
 */
export function parseTap(text) {
  const lines = text.split(/\r?\n/);
  const tests = [];
  const names = []; // the open "# Subtest:" names by depth
  const hadChildren = [];
  const summary = {};
  let plan = null;
  let bailOut = null;
  for (let i = 0; i < lines.length; i++) {
    const indent = lines[i].match(/^ */)[0].length;
    const depth = Math.floor(indent / 4);
    const line = lines[i].slice(indent);
    let m;
    if ((m = line.match(/^# Subtest: (.*)$/))) {
      names.length = depth;
      names[depth] = m[1];
      hadChildren[depth] = false;
    } else if ((m = line.match(TEST_POINT))) {
      const name = unescape(m[3] ?? names[depth] ?? `test ${m[2]}`);
      const test = {
        name: [...names.slice(0, depth), name].join(' > '),
        ok: m[1] === 'ok',
        skip: m[4] === 'SKIP',
        todo: m[4] === 'TODO',
        reason: unescape(m[5] ?? ''),
        parent: hadChildren[depth] === true,
        depth,
        diag: {},
      };
      if (depth > 0) hadChildren[depth - 1] = true;
      hadChildren[depth] = false;
      // The diagnostics: a YAML block between "---" and "..." indented two more spaces.
      if (lines[i + 1]?.trim() === '---' && lines[i + 1].startsWith(' '.repeat(indent + 2))) {
        const block = [];
        let j = i + 2;
        while (j < lines.length && lines[j] !== ' '.repeat(indent + 2) + '...')
          block.push(lines[j++].slice(indent + 2));
        test.diag = parseDiagnostics(block);
        i = j;
      }
      tests.push(test);
    } else if (depth === 0 && (m = line.match(/^1\.\.(\d+)/))) {
      plan = Number(m[1]);
    } else if (
      depth === 0 &&
      (m = line.match(/^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) ([\d.]+)$/))
    ) {
      summary[m[1]] = Number(m[2]);
    } else if ((m = line.match(/^Bail out!(.*)$/))) {
      bailOut = m[1].trim() || 'Bail out!';
    }
  }
  return { tests, plan, summary, bailOut };
}

/**
 * Counts the leaf tests (a test with subtests is counted through them, unless it failed on its
 * own account, e.g. in a hook). Cancelled counts as failed; a file without tests is set apart.
 */
export function countResults(tests) {
  // Node reports a test file that registered no test as one passing test named by its path.
  const isEmptyFile = (t) => t.depth === 0 && !t.parent && t.ok && !t.skip && /\.test\.[cm]?js$/.test(t.name);
  const leaves = tests.filter((t) => !t.parent && !isEmptyFile(t));
  const ownFailure = (t) => !t.ok && !t.todo && (!t.parent || t.diag.failureType !== 'subtestsFailed');
  return {
    passed: leaves.filter((t) => t.ok && !t.skip && !t.todo),
    failed: tests.filter(ownFailure),
    skipped: leaves.filter((t) => t.skip),
    todo: leaves.filter((t) => t.todo),
    emptyFiles: tests.filter(isEmptyFile),
  };
}

/**
 * The failed tests that failed only because Wine could not start a process, and the test files
 * they are in (relative to the repository: the source's `.ts` through the source map, or the `.js`). Wine's CreateProcess fails now and then on a busy machine, and
 * Node reports it as `spawn UNKNOWN` (2 of 7 full runs here had one, each time in a different file);
 * real Windows does not. The runner runs those files once more and says so; any other failure,
 * or one whose file is unknown, stays a failure.
 */
export function wineSpawnFailures(failed) {
  const flaky = failed.filter((t) => /\bspawn UNKNOWN\b/.test(JSON.stringify(t.diag)) && testFileOf(t.diag.location));
  return { flaky, files: [...new Set(flaky.map((t) => testFileOf(t.diag.location)))] };
}

/** `test/unit/x.test.ts` from a TAP location such as `Z:\work\main\test\unit\x.test.ts:90:1` (or `.js`). */
function testFileOf(location) {
  return String(location ?? '')
    .replaceAll('\\', '/')
    .match(/\/(test\/(?:unit|fuzz|integration)\/[^:]+\.test\.[jt]s):\d+:\d+$/)?.[1];
}
