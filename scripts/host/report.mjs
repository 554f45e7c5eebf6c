// Prints the events of the in-host runner as they arrive and keeps the tally.
const INDENT = '  ';

/** A tally of one suite, fed with channel events. */
export function createTally(print = console.log) {
  const tally = { passed: 0, failed: 0, done: false, failures: [] };
  tally.onEvent = (event) => {
    switch (event.event) {
      case 'module':
        print(`${INDENT}${event.name}`);
        break;
      case 'pass':
        tally.passed++;
        print(`${INDENT}${INDENT}✔ ${event.name}${event.ms !== undefined ? ` (${event.ms} ms)` : ''}`);
        break;
      case 'fail':
        tally.failed++;
        tally.failures.push({
          name: event.name,
          error: String(event.error ?? ''),
          where: (event.stack ?? '')
            .split('\n')
            .slice(1, 3)
            .map((l) => l.trim())
            .filter(Boolean),
        });
        print(`${INDENT}${INDENT}✖ ${event.name}: ${event.error}`);
        for (const line of (event.stack ?? '').split('\n').slice(1, 8)) {
          if (line.trim()) print(`${INDENT}${INDENT}${INDENT}${line.trim()}`);
        }
        break;
      case 'log':
        print(`${INDENT}${INDENT}· ${event.text}`);
        break;
      case 'figures':
        tally.figures = { ...tally.figures, ...event.figures };
        print(
          `${INDENT}${INDENT}≈ ${Object.entries(event.figures)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
        break;
      case 'done':
        tally.done = true;
        break;
      default:
        print(`${INDENT}${INDENT}? ${JSON.stringify(event)}`);
    }
  };
  /** Counts a failure the in-host runner could not report (crash, timeout). */
  tally.failSuite = (name, message) => {
    tally.onEvent({ event: 'fail', name, error: message });
  };
  return tally;
}
