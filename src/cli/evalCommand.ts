// `skillsmith eval FILE... [--root R] [--skill NAME] [--router lexical|openai] [--runs N]
// [--temperature T] [--concurrency N] [--baseline FILE] [--min-top1 X] [--json] [--no-user]`
// (docs/routing.md): runs routing eval files against the catalog with the lexical ranker or an
// OpenAI-compatible model, and prints the summary; with a model, the cost estimated before and
// the tokens used after; with --baseline, McNemar's comparison with an earlier run.
// Exit codes: 0; 1 when --min-top1 is not met, a case had no valid run, or the run is
// significantly worse than the baseline; 2 on bad usage (thrown as UsageError).
import type { FileSystem } from '../core/base/fileSystem';
import { DEFAULT_LISTING_BUDGET } from '../core/base/limits';
import { resolvePath, toNativePath } from '../core/base/paths';
import type { SkillCatalog } from '../core/catalog/catalog';
import { hostListingNotes } from '../core/hosts/hostListingText';
import { DEFAULT_HOSTS } from '../core/hosts/profiles';
import type { CatalogVerdicts } from '../core/hosts/verdictCache';
import { hostVerdicts } from '../core/hosts/verdicts';
import { defaultTemperature, modelCaseRouter } from '../core/chat/modelCaseRouter';
import { RequestGate } from '../core/chat/rateLimits';
import {
  estimateRunCost,
  estimateText,
  routingPromptText,
  usageText,
  type RunEstimate,
  type RunUsage,
} from '../core/chat/runCost';
import { decodeUtf8 } from '../core/base/text';
import { pairedComparison } from '../core/routing/statistics';
import { countO200kTokens, O200K_NAME } from '../node/o200k';
import { runListSkills, runReadSkillFile, formatToolError } from '../core/loading/tools';
import { LIST_SKILLS_TOOL, READ_SKILL_FILE_TOOL } from '../core/loading/toolDefinitions';
import type { RoutingCase } from '../core/routing/evalCases';
import { lexicalCaseRouter, runEval, type CaseRouter } from '../core/routing/evalRun';
import { offeredSkills } from '../core/routing/listedSkills';
import { summarize, type EvalSummary } from '../core/routing/metrics';
import { summaryMarkdown } from '../core/routing/report';
import { OpenAiChatModel, openAiOptionsFromEnv } from '../node/openaiChatModel';
import { NodeFileSystem } from '../node/nodeFileSystem';
import { flag, integerOption, parseCommandArgs, stringOption, UsageError } from './args';
import { loadCatalogFor } from './listCommand';
import { writeErr, writeOut } from './output';
import { loadEvalFile } from './routingCatalog';
import { cwd, rootFolder } from './workingFolder';

export interface EvalCommandOptions {
  readonly files: readonly string[];
  readonly cwd: string;
  readonly skill?: string;
  readonly router: string;
  readonly runs?: number;
  /** Sampling temperature; default 0 for one run, 1 for more (defaultTemperature). */
  readonly temperature?: number;
  /** Cases routed at once; default 4. */
  readonly concurrency?: number;
  readonly env: NodeJS.ProcessEnv;
  /** Told the estimate before the run starts (the CLI prints it to stderr). */
  readonly onEstimate?: (estimate: RunEstimate) => void;
}

/** What `eval --json` prints: the summary, and with a model what it cost. */
export interface EvalOutput extends EvalSummary {
  readonly temperature?: number;
  readonly cost?: { readonly estimated: RunEstimate; readonly used: RunUsage; readonly tokenizer: string };
  readonly comparison?: BaselineComparison;
}

export const DEFAULT_EVAL_CONCURRENCY = 4;

/** Reads every file (problems to stderr), then runs the cases; resolves with the summary (and the cost, with a model). */
export async function evalFiles(
  fs: FileSystem,
  catalog: SkillCatalog,
  options: EvalCommandOptions,
): Promise<EvalOutput> {
  if (options.router !== 'lexical' && options.router !== 'openai')
    throw new UsageError(`--router is lexical or openai, not '${options.router}'`);
  if (options.files.length === 0) throw new UsageError('eval needs at least one FILE of routing cases');
  const cases: RoutingCase[] = [];
  for (const file of options.files) {
    const path = resolvePath(options.cwd, file);
    let loaded;
    try {
      loaded = await loadEvalFile(fs, catalog, path, options.skill);
    } catch (error) {
      throw new UsageError(`cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const p of loaded.problems) {
      writeErr(
        `${toNativePath(path)}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.severity}: ${p.message} [${p.code}]`,
      );
    }
    cases.push(...loaded.cases);
  }
  if (cases.length === 0) throw new UsageError('the files hold no valid case to run');
  if (options.router === 'lexical') {
    const outcomes = await runEval(cases, lexicalCaseRouter(offeredSkills(catalog), DEFAULT_LISTING_BUDGET), {
      runs: options.runs ?? 1,
    });
    return summarize('lexical', outcomes);
  }
  const runs = options.runs ?? 3;
  const temperature = options.temperature ?? defaultTemperature(runs);
  const { router, model } = openAiRouter(fs, catalog, options.env, temperature);
  const promptOf = routingPromptText({ skills: offeredSkills(catalog), budget: DEFAULT_LISTING_BUDGET, mode: 'tools' });
  const estimated = await estimateRunCost(cases, runs, promptOf, countO200kTokens);
  options.onEstimate?.(estimated);
  const outcomes = await runEval(cases, router, { runs, concurrency: options.concurrency ?? DEFAULT_EVAL_CONCURRENCY });
  const used: RunUsage = {
    requests: model.requests,
    input_tokens: model.usage.prompt,
    output_tokens: model.usage.completion,
    source: 'reported',
  };
  return { ...summarize(router.name, outcomes), temperature, cost: { estimated, used, tokenizer: O200K_NAME } };
}

/** The model named by SKILLSMITH_OPENAI_*, given exactly the @skills prompt and tools. */
function openAiRouter(
  fs: FileSystem,
  catalog: SkillCatalog,
  env: NodeJS.ProcessEnv,
  temperature: number,
): { router: CaseRouter; model: OpenAiChatModel } {
  const options = openAiOptionsFromEnv(env);
  if ('missing' in options)
    throw new UsageError(
      `--router openai needs ${options.missing.join(' and ')} (and ${'SKILLSMITH_OPENAI_API_KEY'} when the server wants a key)`,
    );
  const context = { catalog, fs, budget: DEFAULT_LISTING_BUDGET, requester: 'model' as const };
  // One gate for the run: a 429 on one request holds every request (core/chat/rateLimits.ts).
  const model = new OpenAiChatModel({ ...options, gate: new RequestGate() });
  const router = modelCaseRouter({
    model,
    skills: offeredSkills(catalog),
    budget: DEFAULT_LISTING_BUDGET,
    mode: 'tools',
    temperature,
    invokeTool: async (call) => {
      const result =
        call.name === LIST_SKILLS_TOOL.name
          ? runListSkills(context, call.input)
          : call.name === READ_SKILL_FILE_TOOL.name
            ? await runReadSkillFile(context, call.input)
            : undefined;
      if (!result) return formatToolError({ type: 'not_found', message: `No tool named '${call.name}'.` });
      return result.ok ? result.text : formatToolError(result.error);
    },
  });
  return { router, model };
}

/** McNemar's comparison of this run with an earlier `eval --json` output, case by case. */
export interface BaselineComparison {
  readonly baseline: string;
  readonly paired: number;
  /** Right in the baseline only. */
  readonly only_baseline: number;
  /** Right in this run only. */
  readonly only_now: number;
  readonly p: number;
  /** Which is significantly better (p < 0.05), or null. */
  readonly better: 'baseline' | 'now' | null;
}

/** Reads an earlier `eval --json` output's per-case results. */
export async function readBaseline(fs: FileSystem, cwd: string, file: string): Promise<ReadonlyMap<string, boolean>> {
  let data: unknown;
  try {
    data = JSON.parse(decodeUtf8(await fs.readFile(resolvePath(cwd, file))));
  } catch (error) {
    throw new UsageError(
      `cannot read the baseline '${file}': ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const cases = (data as { per_case?: unknown } | null)?.per_case;
  if (!Array.isArray(cases))
    throw new UsageError(`the baseline '${file}' is not the output of skillsmith eval --json (it has no per_case)`);
  const passed = new Map<string, boolean>();
  for (const c of cases as { key?: unknown; passed?: unknown }[])
    if (typeof c?.key === 'string' && typeof c.passed === 'boolean') passed.set(c.key, c.passed);
  return passed;
}

export function compareWithBaseline(
  file: string,
  baseline: ReadonlyMap<string, boolean>,
  summary: EvalSummary,
): BaselineComparison {
  const test = pairedComparison(baseline, new Map(summary.per_case.map((c) => [c.key, c.passed])));
  return {
    baseline: file,
    paired: test.paired,
    only_baseline: test.onlyA,
    only_now: test.onlyB,
    p: test.p,
    better: test.better === 'A' ? 'baseline' : test.better === 'B' ? 'now' : null,
  };
}

/** The comparison as a sentence. */
export function comparisonText(c: BaselineComparison): string {
  const counts = `${c.only_now} case${c.only_now === 1 ? '' : 's'} right now only, ${c.only_baseline} right in the baseline only, of ${c.paired} paired; McNemar p = ${c.p}`;
  if (c.better === 'now') return `Significantly better than the baseline (${counts}).`;
  if (c.better === 'baseline') return `Significantly worse than the baseline (${counts}).`;
  return `No significant difference from the baseline (${counts}).`;
}

/** The `--json` shape of docs/routing.md. */
export function evalJson(output: EvalOutput): string {
  return JSON.stringify(output);
}

/** The readable summary (Markdown, which reads as plain text too), with what the default agents' listings do to failing skills. */
export function evalText(output: EvalOutput, catalog?: SkillCatalog, root?: string): string {
  const extra = [
    ...(output.cost
      ? [
          `Cost: ${usageText(output.cost.used)}; estimated ${estimateText(output.cost.estimated, output.cost.tokenizer)}.`,
        ]
      : []),
    ...(output.comparison ? [comparisonText(output.comparison)] : []),
  ]
    .map((line) => `${line}\n`)
    .join('');
  return summaryText(output, catalog, root) + (extra ? `\n${extra}` : '');
}

function summaryText(summary: EvalSummary, catalog?: SkillCatalog, root?: string): string {
  if (!catalog || root === undefined) return summaryMarkdown(summary);
  const records = catalog.records();
  // Each host at its default model's window (contextWindow.ts).
  const context = { projectRoots: [root], home: undefined };
  const byHost = new Map(DEFAULT_HOSTS.map((host) => [host, hostVerdicts(host, records, context)]));
  const verdicts: CatalogVerdicts = {
    hosts: DEFAULT_HOSTS,
    context,
    of: (record) => new Map(DEFAULT_HOSTS.map((host) => [host, byHost.get(host)!.get(record)!])),
    changedSince: () => undefined,
  };
  return summaryMarkdown(summary, undefined, hostListingNotes(records, verdicts));
}

/** `skillsmith eval`: parses its options, runs the eval files and prints the summary. */
export async function evaluate(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['root', 'skill', 'router', 'runs', 'min-top1', 'temperature', 'concurrency', 'baseline'],
    booleans: ['json', 'no-user', 'unicode-names'],
  });
  const runs =
    stringOption(args, 'runs') === undefined ? undefined : integerOption(args, 'runs', 1, { min: 1, max: 100 });
  const concurrency = integerOption(args, 'concurrency', DEFAULT_EVAL_CONCURRENCY, { min: 1, max: 32 });
  const temperatureText = stringOption(args, 'temperature');
  const temperature = temperatureText === undefined ? undefined : Number(temperatureText);
  if (temperature !== undefined && !(temperatureText!.trim() !== '' && temperature >= 0 && temperature <= 2))
    throw new UsageError(`--temperature takes a number from 0 to 2, not '${temperatureText}'`);
  const minTop1Text = stringOption(args, 'min-top1');
  const minTop1 = minTop1Text === undefined ? undefined : Number(minTop1Text);
  if (minTop1 !== undefined && !(minTop1Text!.trim() !== '' && minTop1 >= 0 && minTop1 <= 1))
    throw new UsageError(`--min-top1 takes a share from 0 to 1, not '${minTop1Text}'`);
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const catalog = await loadCatalogFor(fs, root, args);
  const routerName = stringOption(args, 'router') ?? 'lexical';
  // The lexical router is deterministic: repeats would be identical runs, counted as evidence.
  const deterministic = routerName === 'lexical' && runs !== undefined && runs > 1;
  if (deterministic)
    writeErr(
      `skillsmith eval: the lexical router is deterministic, so --runs ${runs} would repeat identical runs; running each case once`,
    );
  if (routerName === 'lexical' && temperature !== undefined)
    writeErr('skillsmith eval: the lexical router samples nothing, so --temperature is ignored');
  const baselineFile = stringOption(args, 'baseline');
  const baseline = baselineFile === undefined ? undefined : await readBaseline(fs, cwd(), baselineFile);
  const output = await evalFiles(fs, catalog, {
    files: args.positionals,
    cwd: cwd(),
    skill: stringOption(args, 'skill'),
    router: routerName,
    runs: deterministic ? 1 : runs,
    ...(temperature === undefined ? {} : { temperature }),
    concurrency,
    env: process.env,
    onEstimate: (estimate) => writeErr(`skillsmith eval: ${estimateText(estimate, O200K_NAME)}`),
  });
  const comparison = baseline && compareWithBaseline(baselineFile!, baseline, output);
  const summary = comparison ? { ...output, comparison } : output;
  await writeOut(flag(args, 'json') ? evalJson(summary) + '\n' : evalText(summary, catalog, root));
  if (summary.cost) writeErr(`skillsmith eval: ${usageText(summary.cost.used)}`);
  if (summary.errored_cases > 0) {
    writeErr(
      `skillsmith eval: ${summary.errored_cases} case(s) had no valid run: every request failed (${summary.first_error ?? 'no answer'}); the figures leave them out`,
    );
    return 1;
  }
  if (minTop1 !== undefined && summary.top1 < minTop1) {
    writeErr(`skillsmith eval: top-1 ${summary.top1} is below --min-top1 ${minTop1}`);
    return 1;
  }
  if (comparison?.better === 'baseline') {
    writeErr(`skillsmith eval: ${comparisonText(comparison)}`);
    return 1;
  }
  return 0;
}
