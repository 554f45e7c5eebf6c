// The public routing data sets (shared/routing-bench, each with its licence and sources)
// turned into routing cases of docs/routing.md: a catalog of skills (name, description)
// and cases {query, expected, acceptable, candidates}. Sets are never blended.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RoutingCase } from '../../src/core/routing/evalCases';
import type { RoutableSkill } from '../../src/core/routing/skillDocument';

/** A catalog and the cases routed against it. */
export interface CaseGroup {
  readonly catalog: readonly RoutableSkill[];
  readonly cases: readonly RoutingCase[];
}

export interface BenchmarkSet {
  readonly name: string;
  readonly note: string;
  /** True for the sets the ranker may be tuned on (dotnet only); the rest are held out. */
  readonly tuning: boolean;
  readonly groups: readonly CaseGroup[];
}

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function routingCase(
  index: number,
  query: string,
  expected: string[],
  acceptable: string[] = [],
  candidates?: string[],
): RoutingCase {
  return { query, expected, acceptable, ...(candidates ? { candidates } : {}), range: ZERO, index };
}

function jsonLines(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** name and description from a SKILL.md frontmatter (single-line values, as in this catalog). */
function frontmatterField(text: string, key: string): string {
  const match = new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(text.slice(0, text.indexOf('\n---', 3)));
  return (match?.[1] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2');
}

function dotnetCatalog(root: string): RoutableSkill[] {
  const dir = path.join(root, 'dotnet-artisan', 'skills');
  return fs
    .readdirSync(dir)
    .sort()
    .map((folder) => {
      const text = fs.readFileSync(path.join(dir, folder, 'SKILL.md'), 'utf8');
      return { name: frontmatterField(text, 'name') || folder, description: frontmatterField(text, 'description') };
    });
}

export function dotnetActivation(root: string): BenchmarkSet {
  const data = path.join(root, 'dotnet-artisan', 'tests', 'evals', 'datasets');
  const rows = [
    ...jsonLines(path.join(data, 'activation', 'core_skills.jsonl')),
    ...jsonLines(path.join(data, 'activation', 'specialized_skills.jsonl')),
    ...jsonLines(path.join(data, 'activation', 'negative_controls.jsonl')),
    ...jsonLines(path.join(data, 'confusion', 'negative_controls_expanded.jsonl')),
  ];
  const cases = rows.map((r, i) =>
    routingCase(
      i,
      String(r.user_prompt),
      (r.expected_skills as string[]) ?? [],
      (r.acceptable_skills as string[]) ?? [],
    ),
  );
  return {
    name: 'dotnet-artisan activation',
    note: '131 skills; 55 prompts + 36 that should pick nothing',
    tuning: true,
    groups: [{ catalog: dotnetCatalog(root), cases }],
  };
}

export function dotnetConfusion(root: string): BenchmarkSet {
  const rows = jsonLines(
    path.join(root, 'dotnet-artisan', 'tests', 'evals', 'datasets', 'confusion', 'confusion_matrix.jsonl'),
  );
  const groups = new Map<string, Set<string>>();
  for (const r of rows) {
    const members = groups.get(String(r.group)) ?? new Set<string>();
    members.add(String(r.expected_skill));
    groups.set(String(r.group), members);
  }
  const cases = rows.map((r, i) =>
    routingCase(i, String(r.user_prompt), [String(r.expected_skill)], (r.acceptable_skills as string[]) ?? [], [
      ...groups.get(String(r.group))!,
    ]),
  );
  return {
    name: 'dotnet-artisan confusion',
    note: '36 prompts, each among its group of 3-5 overlapping skills',
    tuning: true,
    groups: [{ catalog: dotnetCatalog(root), cases }],
  };
}

/** The 20 live agent-routing prompts of the same repository, against the whole catalog. */
export function dotnetAgentRouting(root: string): BenchmarkSet {
  const rows = JSON.parse(
    fs.readFileSync(path.join(root, 'dotnet-artisan', 'tests', 'agent-routing', 'cases.json'), 'utf8'),
  ) as { prompt: string; expected_skill: string }[];
  const cases = rows.map((r, i) => routingCase(i, r.prompt, [r.expected_skill]));
  return {
    name: 'dotnet-artisan agent-routing',
    note: '20 live prompts against the 131 skills',
    tuning: true,
    groups: [{ catalog: dotnetCatalog(root), cases }],
  };
}

const BFCL_DATA = ['bfcl', 'berkeley-function-call-leaderboard', 'bfcl_eval', 'data'];

interface BfclEntry {
  id: string;
  question: { role: string; content: string }[][];
  function: { name: string; description?: string }[];
}

/** The user's words of a BFCL case (its last turn's user messages). */
function bfclQuery(entry: BfclEntry): string {
  const turn = entry.question[entry.question.length - 1] ?? [];
  return turn
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}

function bfclCatalog(entry: BfclEntry): RoutableSkill[] {
  const seen = new Set<string>();
  return entry.function
    .filter((f) => !seen.has(f.name) && seen.add(f.name))
    .map((f) => ({ name: f.name, description: f.description ?? '' }));
}

/** BFCL function choice: each case among its own candidate functions. */
export function bfclChoice(root: string, subset: 'live_multiple' | 'multiple'): BenchmarkSet {
  const data = path.join(root, ...BFCL_DATA);
  const answers = new Map(
    jsonLines(path.join(data, 'possible_answer', `BFCL_v4_${subset}.json`)).map((a) => [
      String(a.id),
      [...new Set((a.ground_truth as Record<string, unknown>[]).flatMap((call) => Object.keys(call)))],
    ]),
  );
  const groups = (jsonLines(path.join(data, `BFCL_v4_${subset}.json`)) as unknown as BfclEntry[]).map((entry, i) => ({
    catalog: bfclCatalog(entry),
    cases: [routingCase(i, bfclQuery(entry), answers.get(entry.id) ?? [])],
  }));
  return {
    name: `BFCL v4 ${subset}`,
    note: `${groups.length} requests, each among its own candidate functions (held out)`,
    tuning: false,
    groups,
  };
}

/** BFCL requests that should call none of their functions. */
export function bfclIrrelevance(root: string, subset: 'irrelevance' | 'live_irrelevance'): BenchmarkSet {
  const data = path.join(root, ...BFCL_DATA);
  const groups = (jsonLines(path.join(data, `BFCL_v4_${subset}.json`)) as unknown as BfclEntry[]).map((entry, i) => ({
    catalog: bfclCatalog(entry),
    cases: [routingCase(i, bfclQuery(entry), [])],
  }));
  return {
    name: `BFCL v4 ${subset}`,
    note: `${groups.length} requests that should pick nothing (held out)`,
    tuning: false,
    groups,
  };
}

/** A CSV of `Query,Tool` rows (quoted fields may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

export function metaTool(root: string): BenchmarkSet {
  const dir = path.join(root, 'metatool', 'dataset');
  const tools = JSON.parse(fs.readFileSync(path.join(dir, 'plugin_des.json'), 'utf8')) as Record<string, string>;
  const catalog = Object.entries(tools).map(([name, description]) => ({ name, description }));
  const rows = csvRows(fs.readFileSync(path.join(dir, 'data', 'all_clean_data.csv'), 'utf8'))
    .slice(1)
    .filter((r) => r.length >= 2 && r[0].trim() !== '');
  const cases = rows.map((r, i) => routingCase(i, r[0], [r[1]]));
  return {
    name: 'MetaTool',
    note: `${catalog.length} tools, ${cases.length} queries (held out)`,
    tuning: false,
    groups: [{ catalog, cases }],
  };
}

export interface CollisionPair {
  readonly id: string;
  readonly label: 'COLLIDE' | 'DISTINCT';
  readonly a: RoutableSkill;
  readonly b: RoutableSkill;
}

export function collisionPairs(root: string): CollisionPair[] {
  const data = JSON.parse(fs.readFileSync(path.join(root, 'collision-pairs', 'pairs.json'), 'utf8')) as unknown;
  const pairs = (Array.isArray(data) ? data : (data as { pairs: unknown[] }).pairs) as CollisionPair[];
  return pairs.map((p) => ({
    id: p.id,
    label: p.label,
    a: { name: p.a.name, description: p.a.description },
    b: { name: p.b.name, description: p.b.description },
  }));
}
