// The account of a description loop (docs/routing.md, "Improving a description"), for the
// routing report: the split, every description tried with its scores, the winner's
// confirmation on fresh runs and McNemar's verdict.
import { intervalText } from '../routing/report';
import type { DescriptionLoopResult } from './descriptionLoop';

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10} %`;
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\|`*_[\]<>])/g, '\\$1');
}

/** The loop's result as Markdown. */
export function loopMarkdown(skill: string, result: Extract<DescriptionLoopResult, { ok: true }>): string {
  const lines = [
    `${result.train} training cases and ${result.heldOut} held out (seeded, stratified; the split is kept in the eval files as \`"split"\`). The model saw the training results only.`,
    '',
    '| round | description | train top-1 | held-out top-1 |',
    '|---:|---|---:|---:|',
  ];
  for (const d of [result.current, ...result.proposals]) {
    const mark = d === result.winner ? ' **(best on held-out)**' : d === result.current ? ' (current)' : '';
    lines.push(`| ${d.round} | ${cell(d.description)}${mark} | ${percent(d.train)} | ${percent(d.heldOut)} |`);
  }
  lines.push('');
  const c = result.confirmation;
  if (!result.winner || !c) {
    lines.push(`No proposal beat the current description on the held-out cases: nothing is proposed for \`${skill}\`.`);
    return lines.join('\n');
  }
  lines.push(
    `**Confirmation** on fresh runs of ${c.cases} cases the winner was not chosen on (the held-out cases and every other skill's):`,
    '',
    `- current description: top-1 ${percent(c.current)} (95 % CI ${intervalText(c.current_ci)})`,
    `- best proposal: top-1 ${percent(c.winner)} (95 % CI ${intervalText(c.winner_ci)})`,
    `- ${c.test.onlyB} cases right only with the proposal, ${c.test.onlyA} only with the current description; McNemar p = ${c.test.p}`,
    '',
    result.best
      ? `The proposal is significantly better, and is proposed.`
      : `The difference is not significant at 5 %: nothing is proposed.`,
  );
  return lines.join('\n');
}
