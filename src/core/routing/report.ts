// The routing eval summary as Markdown (docs/routing.md, "The report"): the same words for
// `skillsmith eval`, `/eval` in @skills and the report the Test Explorer run opens, one
// section per router (model).
import type { CaseResult, EvalSummary } from './metrics';
import { minimumDiscordantForSignificance, pairedComparison, type Interval } from './statistics';

const MAX_FAILURES_SHOWN = 20;

function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 1000) / 10} %`;
}

/** A 95 % interval as "49–94 %". */
export function intervalText(interval: Interval | null | undefined): string {
  if (!interval) return '';
  const [low, high] = interval.map((v) => Math.round(v * 1000) / 10);
  return `${low}–${high} %`;
}

/** A rate with its interval: "80 % (95 % CI 49–94 %)". */
function withInterval(value: number | null, interval: Interval | null | undefined, bold = false): string {
  const shown = bold ? `**${percent(value)}**` : percent(value);
  return interval ? `${shown} (95 % CI ${intervalText(interval)})` : shown;
}

/** Inline code that survives any backticks in the text. */
function code(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.includes('`') ? `\`\` ${clean} \`\`` : `\`${clean}\``;
}

function quote(text: string, max = 90): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const cut = folded.length <= max ? folded : `${folded.slice(0, max - 1)}…`;
  return `“${cut.replace(/([\\`*_[\]|<>])/g, '\\$1')}”`;
}

/** One line of figures: top-1 and, when defined, hit@3, MRR and the abstention FPR. */
export function figuresLine(summary: EvalSummary): string {
  const parts = [`top-1 ${withInterval(summary.top1, summary.top1_ci, true)}`];
  if (summary.hit3 !== null) parts.push(`hit@3 ${withInterval(summary.hit3, summary.hit3_ci)}`);
  if (summary.mrr !== null) parts.push(`MRR ${summary.mrr.toFixed(3)}`);
  if (summary.abstain_fpr !== null)
    parts.push(`abstention false positives ${withInterval(summary.abstain_fpr, summary.abstain_fpr_ci)}`);
  const runs = summary.runs > 1 ? ` × ${summary.runs} runs (a case passes on a majority)` : '';
  const line = `${summary.cases} cases${runs}: ${parts.join(', ')}`;
  if (!summary.errored_runs) return line;
  // Failed requests never score: say how many there were, and why, beside the figures.
  const unscored = summary.errored_cases
    ? `; ${summary.errored_cases} case${summary.errored_cases === 1 ? '' : 's'} had no valid run and ${summary.errored_cases === 1 ? 'was' : 'were'} not scored`
    : '';
  return `${line}. **${summary.errored_runs} request${summary.errored_runs === 1 ? '' : 's'} failed** and ${summary.errored_runs === 1 ? 'is' : 'are'} left out of every figure${unscored}${summary.first_error ? ` (first: ${summary.first_error.replace(/\s+/g, ' ').slice(0, 200)})` : ''}`;
}

/** A confusion as a sentence: "`db-migrate` took 40 % of `sql-review`'s requests". */
export function confusionSentence(c: { expected: string; picked: string; share: number }): string {
  return `${code(c.picked)} took ${percent(c.share)} of ${code(c.expected)}'s requests`;
}

/**
 * What an agent's own listing does to a skill, by skill name (core/hosts: hostListingNotes): a
 * skill shortened or left out there is not picked for a reason no description change can fix.
 */
export type HostListingNotes = (skill: string) => readonly string[];

/** The summary of one router as a Markdown section. */
export function summaryMarkdown(
  summary: EvalSummary,
  heading = `Routing with ${summary.router}`,
  hostNotes?: HostListingNotes,
): string {
  const lines = [`### ${heading}`, '', figuresLine(summary), ''];
  const skills = Object.entries(summary.per_skill);
  if (skills.length > 0) {
    lines.push('| skill | recall | 95 % CI | cases |', '|---|---:|---:|---:|');
    for (const [name, { recall, recall_ci, cases }] of skills)
      lines.push(`| ${code(name)} | ${percent(recall)} | ${intervalText(recall_ci)} | ${cases} |`);
    lines.push('');
  }
  // For the skills whose cases fail: the agents whose own listing shortens or hides them.
  const missed = hostNotes
    ? skills
        .filter(([, { recall }]) => recall !== null && recall < 1)
        .map(([name]) => [name, hostNotes(name)] as const)
        .filter(([, notes]) => notes.length > 0)
    : [];
  if (missed.length > 0) {
    lines.push("**Cut by an agent's own listing** (no description change fixes this; see Skills: Show Listing)", '');
    for (const [name, notes] of missed) for (const note of notes) lines.push(`- ${code(name)}: ${note}`);
    lines.push('');
  }
  const falsePicks = Object.entries(summary.false_picks?.picks ?? {});
  if (summary.confusions.length > 0) {
    lines.push('**Confusions**', '');
    for (const c of summary.confusions) lines.push(`- ${confusionSentence(c)}`);
    lines.push('');
  } else if (falsePicks.length === 0) {
    lines.push('No confusions: no case went to another skill.', '');
  }
  // Which skill absorbs the requests that should get none: what an author most needs to know.
  if (falsePicks.length > 0) {
    lines.push('**Picked when no skill should be**', '');
    for (const [skill, n] of falsePicks)
      lines.push(`- ${code(skill)} took ${n} of the ${summary.false_picks.requests} requests that expect no skill`);
    lines.push('');
  }
  if (summary.failures.length > 0) {
    lines.push(`**Failures** (${summary.failures.length})`, '');
    for (const f of summary.failures.slice(0, MAX_FAILURES_SHOWN)) {
      const wanted = f.avoid?.length
        ? `not ${f.avoid.map(code).join(' or ')}`
        : f.expected.length === 0
          ? 'none'
          : f.expected.map(code).join(' or ');
      const got = f.picks
        ? Object.entries(f.picks)
            .map(([name, n]) => `${code(name)} ×${n}`)
            .join(', ')
        : f.picked === null
          ? 'none'
          : code(f.picked);
      const rate = f.runs > 1 ? ` (right ${f.right} of ${f.runs})` : '';
      lines.push(`- ${quote(f.query)}: expected ${wanted}, got ${got}${rate}`);
    }
    if (summary.failures.length > MAX_FAILURES_SHOWN)
      lines.push(`- … and ${summary.failures.length - MAX_FAILURES_SHOWN} more`);
    lines.push('');
  }
  // With repeats, a pass is a majority, not a certainty: the cases right in only some runs.
  const shaky = (summary.per_case ?? []).filter((c) => c.passed && c.right < c.runs);
  if (shaky.length > 0) {
    lines.push(`**Passed, but not in every run** (${shaky.length})`, '');
    for (const c of shaky.slice(0, MAX_FAILURES_SHOWN)) lines.push(`- ${quote(c.query)}: ${caseRateText(c)}`);
    if (shaky.length > MAX_FAILURES_SHOWN) lines.push(`- … and ${shaky.length - MAX_FAILURES_SHOWN} more`);
    lines.push('');
  }
  return lines.join('\n');
}

/** A case's k of N with its interval, and its trigger rate for a trigger eval: "right 2 of 3 (95 % CI 21–94 %)". */
export function caseRateText(c: CaseResult): string {
  const right = `right ${c.runs > 1 ? `${c.right} of ${c.runs}` : c.right === 1 ? 'in its run' : 'in no run'} (95 % CI ${intervalText(c.rate_ci)})`;
  if (c.skill === undefined || c.trigger_rate === undefined || c.runs <= 1) return right;
  return `${right}; ${code(c.skill)} picked in ${Math.round(c.trigger_rate * c.runs)} of ${c.runs}`;
}

/**
 * Two routers (or two descriptions) run on the same cases, compared case by case with McNemar's
 * exact test: one is called better only when the difference is significant at 5 %.
 */
export function comparisonSentence(
  a: { name: string; cases: readonly CaseResult[] },
  b: { name: string; cases: readonly CaseResult[] },
): string {
  const test = pairedComparison(
    new Map(a.cases.map((c) => [c.key, c.passed])),
    new Map(b.cases.map((c) => [c.key, c.passed])),
  );
  const counts = `${a.name} alone right on ${test.onlyA}, ${b.name} alone on ${test.onlyB}, ${test.paired - test.onlyA - test.onlyB} alike, of ${test.paired} cases; McNemar p = ${test.p}`;
  if (test.better) return `${test.better === 'A' ? a.name : b.name} is better (${counts}).`;
  const minimum = minimumDiscordantForSignificance();
  const why =
    test.onlyA + test.onlyB < minimum
      ? `: fewer than ${minimum} cases differ, which no result can make significant`
      : '';
  return `No significant difference between ${a.name} and ${b.name} (${counts}${why}).`;
}

/** Several routers (models) side by side. */
export function reportMarkdown(title: string, summaries: readonly EvalSummary[], hostNotes?: HostListingNotes): string {
  const sections = [`## ${title}`, '', ...summaries.map((s) => summaryMarkdown(s, undefined, hostNotes))];
  if (summaries.length > 1) {
    sections.push('### Comparison', '');
    for (let i = 0; i < summaries.length; i++) {
      for (let j = i + 1; j < summaries.length; j++) {
        sections.push(
          `- ${comparisonSentence({ name: summaries[i].router, cases: summaries[i].per_case }, { name: summaries[j].router, cases: summaries[j].per_case })}`,
        );
      }
    }
    sections.push('');
  }
  return sections.join('\n');
}
