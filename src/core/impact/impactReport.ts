// An impact run's figures for people (docs/impact.md): a table for the terminal, and a report
// page with a chart of each arm's pass rate and its interval, per eval and over all of them. The
// page is one self-contained HTML file (inline SVG, no script), so that it opens anywhere and a
// webview can show it under a strict content security policy.
import type { Interval } from '../routing/statistics';
import type { ArmFigures, EvalImpact, ImpactBaselineComparison, ImpactSummary } from './impactSummary';
import { signed } from './impactSummary';
import type { PairedImpact } from './impactStatistics';

const rate = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const interval = (i: Interval | null) => (i === null ? '' : ` [${i[0].toFixed(2)}, ${i[1].toFixed(2)}]`);
const signedInterval = (i: Interval | null) => (i === null ? '' : ` [${signed(i[0])}, ${signed(i[1])}]`);

function verdictText(impact: PairedImpact): string {
  if (impact.paired === 0) return 'not scored';
  const p = `p = ${impact.test.p < 0.001 ? '<0.001' : impact.test.p.toFixed(3)}`;
  return impact.verdict === 'no-difference' ? `no difference (${p})` : `${impact.verdict} (${p})`;
}

function armCell(arm: ArmFigures): string {
  return `${rate(arm.rate)}${interval(arm.interval)} (${arm.passes}/${arm.passes + arm.fails})`;
}

function row(label: string, arms: Readonly<Record<'with' | 'without', ArmFigures>>, impact: PairedImpact): string[] {
  return [
    label,
    armCell(arms.with),
    armCell(arms.without),
    impact.difference === null ? '—' : `${signed(impact.difference)}${signedInterval(impact.interval)}`,
    verdictText(impact),
    `${arms.with.errors + arms.without.errors}`,
    `${arms.with.unproven + arms.without.unproven}`,
  ];
}

function table(rows: readonly string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => [...r[c]].length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The terminal's summary. */
export function impactText(summary: ImpactSummary, comparison?: ImpactBaselineComparison): string {
  const lines = [
    `Impact of ${summary.skill} in ${summary.host}: ${summary.trials} trial${summary.trials === 1 ? '' : 's'} per arm`,
    '',
    table([
      ['eval', 'with the skill', 'without', 'lift', 'verdict', 'errors', 'unproven'],
      ...summary.evals.map((e) => row(e.id, e.arms, e.impact)),
      ...(summary.evals.length > 1 ? [row('all', summary.overall.arms, summary.overall.impact)] : []),
    ]),
    '',
  ];
  if (summary.worse.length > 0)
    lines.push(`Worse with the skill: eval${summary.worse.length === 1 ? '' : 's'} ${summary.worse.join(', ')}.`);
  const { with: w, without: wo } = summary.overall.arms;
  const errors = w.errors + wo.errors;
  if (errors > 0) {
    const kinds = new Map<string, number>();
    for (const arm of [w, wo])
      for (const [kind, n] of Object.entries(arm.errorKinds)) kinds.set(kind, (kinds.get(kind) ?? 0) + (n ?? 0));
    lines.push(
      `${errors} trial${errors === 1 ? '' : 's'} ended in an error after retries (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}): not scored, never a fail.`,
    );
    for (const e of summary.evals) for (const m of e.errorMessages) lines.push(`  eval ${e.id}: ${m}`);
  }
  const unproven = w.unproven + wo.unproven;
  if (unproven > 0) {
    lines.push(`${unproven} trial${unproven === 1 ? '' : 's'} not scored because the arm was not proven:`);
    for (const e of summary.evals) for (const reason of e.unproven) lines.push(`  eval ${e.id}: ${reason}`);
  }
  if (summary.notRun > 0) lines.push(`${summary.notRun} trial(s) never ran: the run was cancelled.`);
  lines.push(`Opened the skill: ${w.loaded} of ${w.passes + w.fails + w.unproven} trials with it.`);
  lines.push(`Per arm: with ${costText(w)}; without ${costText(wo)}.`);
  if (comparison) lines.push(comparisonText(comparison));
  return lines.join('\n') + '\n';
}

function costText(arm: ArmFigures): string {
  const parts = [arm.meanMs === null ? 'no trial ran' : `${(arm.meanMs / 1000).toFixed(1)} s a trial`];
  if (arm.inputTokens !== null || arm.outputTokens !== null)
    parts.push(`${arm.inputTokens ?? 0} tokens in, ${arm.outputTokens ?? 0} out`);
  if (arm.costUsd !== null) parts.push(`$${arm.costUsd.toFixed(4)}`);
  return parts.join(', ');
}

export function comparisonText(c: ImpactBaselineComparison): string {
  const figures = `lift ${c.now === null ? '—' : signed(c.now)} now, ${c.before === null ? '—' : signed(c.before)} in ${c.baseline}`;
  if (c.regressed)
    return `The skill helps less than in the baseline (${figures}): this run's whole interval lies below it.`;
  return `Compared with the baseline: ${figures}${c.change === null ? '' : `, a change of ${signed(c.change)}`}.`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One group of the chart: an eval (or all of them), its two arms. */
function chartGroup(label: string, arms: Readonly<Record<'with' | 'without', ArmFigures>>, x: number): string {
  const height = 200;
  const y = (v: number) => 20 + height - v * height;
  const bar = (arm: ArmFigures, dx: number, cls: string) => {
    if (arm.rate === null) return `<text x="${x + dx + 14}" y="${y(0) - 4}" class="na">—</text>`;
    const top = y(arm.rate);
    const whisker = arm.interval
      ? `<line x1="${x + dx + 14}" x2="${x + dx + 14}" y1="${y(arm.interval[1])}" y2="${y(arm.interval[0])}" class="ci"/>` +
        `<line x1="${x + dx + 8}" x2="${x + dx + 20}" y1="${y(arm.interval[1])}" y2="${y(arm.interval[1])}" class="ci"/>` +
        `<line x1="${x + dx + 8}" x2="${x + dx + 20}" y1="${y(arm.interval[0])}" y2="${y(arm.interval[0])}" class="ci"/>`
      : '';
    return `<rect x="${x + dx}" y="${top}" width="28" height="${y(0) - top}" class="${cls}"><title>${cls === 'with' ? 'with the skill' : 'without'}: ${rate(arm.rate)}${interval(arm.interval)}</title></rect>${whisker}`;
  };
  return `${bar(arms.with, 0, 'with')}${bar(arms.without, 32, 'without')}<text x="${x + 30}" y="${y(0) + 16}" class="label">${escapeHtml(label)}</text>`;
}

/** One run's section of the page: its chart, table and notes. */
function impactSection(summary: ImpactSummary, comparison?: ImpactBaselineComparison): string {
  const groups: [string, EvalImpact['arms']][] = summary.evals.map((e) => [`eval ${e.id}`, e.arms]);
  if (summary.evals.length > 1) groups.push(['all', summary.overall.arms]);
  const width = 60 + groups.length * 90;
  const axis = [0, 0.25, 0.5, 0.75, 1]
    .map((v) => {
      const y = 20 + 200 - v * 200;
      return `<line x1="40" x2="${width}" y1="${y}" y2="${y}" class="grid"/><text x="34" y="${y + 4}" class="tick">${v.toFixed(2)}</text>`;
    })
    .join('');
  const chart = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="250" role="img" aria-label="Pass rate per arm with 95% intervals">${axis}${groups
    .map(([label, arms], i) => chartGroup(label, arms, 50 + i * 90))
    .join('')}</svg>`;
  const rows = summary.evals.map((e) => row(e.id, e.arms, e.impact));
  if (summary.evals.length > 1) rows.push(row('all', summary.overall.arms, summary.overall.impact));
  const head = ['eval', 'with the skill', 'without', 'lift', 'verdict', 'errors', 'unproven'];
  const tableHtml = `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
  const text = impactText(summary, comparison).split('\n').slice(2).join('\n');
  const notes = text.split('\n\n').slice(1).join('\n\n');
  return `<section>
<h1>Impact of ${escapeHtml(summary.skill)} in ${escapeHtml(summary.host)}</h1>
<p>${summary.trials} trial${summary.trials === 1 ? '' : 's'} per arm. Bars: pass rate; whiskers: 95&nbsp;% Wilson interval. Errors and unproven trials are not scored.</p>
<p class="key"><span style="background:#2b6cb0"></span>with the skill<span style="background:#a0aec0"></span>without</p>
${chart}
${tableHtml}
<pre>${escapeHtml(notes.trim())}</pre>
</section>`;
}

/** The report page: one section per run (a skill in a host). */
export function impactHtml(
  runs: ImpactSummary | readonly ImpactSummary[],
  comparison?: ImpactBaselineComparison,
): string {
  const list: readonly ImpactSummary[] = Array.isArray(runs) ? runs : [runs as ImpactSummary];
  const title =
    list.length === 1 ? `Impact of ${escapeHtml(list[0].skill)} in ${escapeHtml(list[0].host)}` : 'Impact report';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222;background:#fff}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
.with{fill:#2b6cb0}.without{fill:#a0aec0}.ci{stroke:#111;stroke-width:1.5}.grid{stroke:#eee}.tick,.label,.na{font-size:11px;fill:#444}.tick{text-anchor:end}.label{text-anchor:middle}
.key span{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 1rem;vertical-align:middle}
pre{white-space:pre-wrap}
@media (prefers-color-scheme: dark){body{color:#ddd;background:#1e1e1e}td,th{border-color:#555}.grid{stroke:#333}.tick,.label,.na{fill:#bbb}.ci{stroke:#eee}}
</style></head><body>
${list.map((s) => impactSection(s, list.length === 1 ? comparison : undefined)).join('\n')}
</body></html>
`;
}
