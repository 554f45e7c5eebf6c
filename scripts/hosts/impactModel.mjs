// The scripted model of the impact trials (run-impact-hosts.mjs, and the editor's host test of
// the Test Explorer's impact items): a known skill effect. A trial folder whose first request carries
// the skill's listing (a marker word of its description) passes as the fixed pattern of p1 says,
// one without it as p0's, so exactly round(p·n) of n trials pass per arm, whatever order concurrent
// trials arrive in; a retry gets a new folder and the next slot. The grader's request is answered
// from the trial's final answer. Run directly, it serves until killed and prints its URL:
//   node scripts/hosts/impactModel.mjs --serve MARKER TRIALS P1 P0
import { fileURLToPath } from 'node:url';
import { startMockModel } from './mockModel.mjs';

/** n outcomes with exactly round(p·n) passes, in a fixed shuffled order. */
function pattern(p, n, seed) {
  const out = Array.from({ length: n }, (_, i) => i < Math.round(p * n));
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The scripted model: per trial folder, an outcome fixed at its first request. */
/**
 * Starts the scripted model: { mock, seen }. `marker` is a word of the skill's description (its
 * presence in a request means the skill is listed); `failing` the trial folders (by number) whose
 * first request gets an HTTP 400.
 */
export async function startImpactModel({ marker, trials, p1, p0, failing }) {
  const decided = new Map();
  const next = { with: 0, without: 0 };
  const plans = { with: pattern(p1, trials, 7), without: pattern(p0, trials, 11) };
  const seen = { main: 0, grader: 0, failed: 0, noFolder: 0 };
  const mock = await startMockModel(({ text }) => {
    const folder = /skillsmith-impact-[A-Za-z0-9]+[\\/]+t(\d+)-[a-z0-9]+/.exec(text);
    if (text.includes('skillsmith-grading')) {
      seen.grader++;
      const answer = text.slice(text.indexOf('<final_answer>'), text.indexOf('</final_answer>'));
      const ok = answer.includes('NAMES-FOUND');
      const entry = (t) => ({
        text: t,
        passed: ok,
        evidence: ok ? 'the answer lists NAMES-FOUND' : 'no names in the answer',
      });
      return {
        text: JSON.stringify({ expectations: [entry('The output includes X'), entry('The skill used script Y')] }),
      };
    }
    seen.main++;
    if (!folder) {
      seen.noFolder++;
      return { text: 'no trial folder in the request' };
    }
    const id = Number(folder[1]);
    if (!decided.has(id)) {
      if (failing.has(id)) decided.set(id, 'error');
      else {
        const arm = text.includes(marker) ? 'with' : 'without';
        decided.set(id, plans[arm][next[arm]++ % trials] ? 'pass' : 'fail');
      }
    }
    const outcome = decided.get(id);
    if (outcome === 'error') {
      seen.failed++;
      return { status: 400, message: 'MOCK injected failure' };
    }
    return { text: outcome === 'pass' ? 'NAMES-FOUND: Ada Lovelace, Alan Turing' : 'I could not read the form.' };
  });
  return { mock, seen };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--serve') {
  const [marker, trials, p1, p0] = process.argv.slice(3);
  const { mock } = await startImpactModel({
    marker,
    trials: Number(trials),
    p1: Number(p1),
    p0: Number(p0),
    failing: new Set(),
  });
  console.log(mock.url);
}
