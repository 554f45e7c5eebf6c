// The routing eval summary as Markdown (docs/routing.md, "The report"): the same words for
// `skillsmith eval`, `/eval` in @skills and the report the Test Explorer run opens, one
// section per router (model).
import type { EvalSummary } from './metrics';

const MAX_FAILURES_SHOWN = 20;

function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 1000) / 10} %`;
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
  const parts = [`top-1 **${percent(summary.top1)}**`];
  if (summary.hit3 !== null) parts.push(`hit@3 ${percent(summary.hit3)}`);
  if (summary.mrr !== null) parts.push(`MRR ${summary.mrr.toFixed(3)}`);
  if (summary.abstain_fpr !== null) parts.push(`abstention false positives ${percent(summary.abstain_fpr)}`);
  const runs = summary.runs > 1 ? ` × ${summary.runs} runs (a case passes on a majority)` : '';
  const line = `${summary.cases} cases${runs}: ${parts.join(', ')}`;
  if (!summary.errored_runs) return line;
  // Failed requests never score: say how many there were, and why, beside the figures.
  const unscored = summary.errored_cases ? `; ${summary.errored_cases} case${summary.errored_cases === 1 ? '' : 's'} had no valid run and ${summary.errored_cases === 1 ? 'was' : 'were'} not scored` : '';
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
export function summaryMarkdown(summary: EvalSummary, heading = `Routing with ${summary.router}`, hostNotes?: HostListingNotes): string {
  const lines = [`### ${heading}`, '', figuresLine(summary), ''];
  const skills = Object.entries(summary.per_skill);
  if (skills.length > 0) {
    lines.push('| skill | recall | cases |', '|---|---:|---:|');
    for (const [name, { recall, cases }] of skills) lines.push(`| ${code(name)} | ${percent(recall)} | ${cases} |`);
    lines.push('');
  }
  // For the skills whose cases fail: the agents whose own listing shortens or hides them.
  const missed = hostNotes ? skills.filter(([, { recall }]) => recall !== null && recall < 1).map(([name]) => [name, hostNotes(name)] as const).filter(([, notes]) => notes.length > 0) : [];
  if (missed.length > 0) {
    lines.push('**Cut by an agent\'s own listing** (no description change fixes this; see Skills: Show Listing)', '');
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
    for (const [skill, n] of falsePicks) lines.push(`- ${code(skill)} took ${n} of the ${summary.false_picks.requests} requests that expect no skill`);
    lines.push('');
  }
  if (summary.failures.length > 0) {
    lines.push(`**Failures** (${summary.failures.length})`, '');
    for (const f of summary.failures.slice(0, MAX_FAILURES_SHOWN)) {
      const wanted = f.avoid?.length ? `not ${f.avoid.map(code).join(' or ')}` : f.expected.length === 0 ? 'none' : f.expected.map(code).join(' or ');
      const got = f.picks ? Object.entries(f.picks).map(([name, n]) => `${code(name)} ×${n}`).join(', ') : f.picked === null ? 'none' : code(f.picked);
      lines.push(`- ${quote(f.query)}: expected ${wanted}, got ${got}`);
    }
    if (summary.failures.length > MAX_FAILURES_SHOWN) lines.push(`- … and ${summary.failures.length - MAX_FAILURES_SHOWN} more`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Several routers (models) side by side. */
export function reportMarkdown(title: string, summaries: readonly EvalSummary[], hostNotes?: HostListingNotes): string {
  return [`## ${title}`, '', ...summaries.map((s) => summaryMarkdown(s, undefined, hostNotes))].join('\n');
}
