// The `skillsmith` command line: validate, list, expand and run over the same core as the
// extension (docs/cli.md). Exit codes: 0 success, 1 problems found or skill unusable, 2 usage.
import { DEFAULT_LISTING_BUDGET, MIN_LISTING_BUDGET } from './core/base/limits';
import { normalizePath, resolvePath, toNativePath } from './core/base/paths';
import { quoteArguments } from './core/loading/expand';
import * as os from 'node:os';
import { flag, integerOption, parseCommandArgs, repeatedOption, stringOption, UsageError } from './cli/args';
import {
  chosenHosts,
  hostRecords,
  hostsJson,
  hostsReport,
  hostsText,
  readContextTokens,
  readHostOptions,
  requirementFailures,
} from './cli/hostsCommand';
import { add, ask, update } from './cli/installCommands';
import { verify } from './cli/verifyCommand';
import { approveAction, approveUsage, listApprovals, revokeApprovals } from './cli/approveCommand';
import { approvalsPath, FileApprovalStore, storeProblem } from './node/approvalStore';
import { implicitInvocationOff as hostPolicyOff } from './core/hosts/invocationPolicy';
import {
  compareWithBaseline,
  comparisonText,
  DEFAULT_EVAL_CONCURRENCY,
  evalFiles,
  evalJson,
  evalText,
  readBaseline,
} from './cli/evalCommand';
import { estimateText, usageText } from './core/chat/runCost';
import { O200K_NAME } from './node/o200k';
import { routeQuery, routeText } from './cli/routeCommand';
import { expandForCli } from './cli/expandCommand';
import { listJson, listText, loadCatalog } from './cli/listCommand';
import { writeErr, writeOut } from './cli/output';
import { readInputOption, readTimeoutOption, runForCli, runText } from './cli/runCommand';
import { collectReports, countSeverities, validateJson, validateText } from './cli/validateCommand';
import { validateSarif } from './cli/sarifOutput';
import { BatchNodeFileSystem, NodeFileSystem } from './node/nodeFileSystem';
import { defaultLintThreads } from './node/lintPool';
import { openValidateCache } from './node/validateCacheFile';
import { sha256Digest } from './node/sha256';
import { plural } from './core/base/text';

declare const SKILLSMITH_VERSION: string;

const USAGE = `Usage:
  skillsmith validate [PATH...] [--json | --format text|json|sarif] [--unicode-names] [--threads N]
                      [--cache] [--cache-location FILE]
  skillsmith list [ROOT] [--json] [--budget N] [--no-user] [--unicode-names]
  skillsmith expand NAME [ARGS] [--root ROOT] [--unicode-names]
  skillsmith run NAME [ACTION] [--input JSON|@FILE] [--root ROOT] [--json] [--timeout S]
  skillsmith route QUERY [--root R] [--top K] [--json] [--no-user]
  skillsmith eval FILE... [--root R] [--skill NAME] [--router lexical|openai] [--runs N] [--temperature T]
                  [--concurrency N] [--baseline FILE] [--min-top1 X] [--json] [--no-user]
  skillsmith hosts [ROOT] [--host H]... [--require H]... [--context-tokens N] [--json] [--no-user]
  skillsmith approve SKILL [ACTION] [--root ROOT] [--yes] [--no-user]
  skillsmith approve --list [--json] | --revoke SKILL [ACTION]
  skillsmith mcp [--root ROOT]... [--no-user] [--actions ask|approved|allow|off]
  skillsmith add SOURCE [--skill NAME]... [--to LOCATION] [--ref REF] [--yes] [--accept-security-warnings] [--json]
  skillsmith verify [ROOT] [--json]
  skillsmith update [NAME] [--root ROOT] [--ref REF] [--yes] [--accept-security-warnings] [--allow-outside-source]

validate  checks SKILL.md files: PATH is a SKILL.md, a skill folder, or any folder (default: .);
          --threads N lints on N threads (default: the machine's cores, up to 4);
          --cache reuses the last run's results for skills whose files did not change
list      shows the catalog and the listing the model sees, with ROOT as the workspace folder
expand    prints what loading the skill NAME returns, with ARGS substituted
run       runs an action of the skill NAME (its default action when ACTION is omitted);
          the secrets it declares are read from this environment
route     ranks the listed skills for a request with the offline lexical router
eval      runs routing eval files (catalog-level JSON/JSONL, or evals/trigger-evals.json)
          --router openai uses SKILLSMITH_OPENAI_BASE_URL, _API_KEY and _MODEL; it prints
          the estimated cost first and the tokens used after; --baseline FILE compares
          with an earlier --json output (McNemar)
hosts     says, per skill, whether each agent host (vscode, claude-code, codex, copilot-cli,
          vscode-copilot) finds it, loads it and lists it to its model, and why not
add       reviews the skills of SOURCE (a Git URL, owner/repo, or a local folder): their
          lint and security findings, actions and agents; adds the ones you confirm to
          LOCATION (default .agents/skills) and records them in skills-lock.json
verify    reports every added skill whose files differ from skills-lock.json, checks
          the skills npx skills and gh skill installed by their own records, and says
          where two records disagree
update    shows what changed upstream in added skills, and applies it when confirmed
approve   approves an action ahead of time for agents that cannot ask: shows what runs,
          records its declaration and the sha256 of every file of its skill in your own
          approvals file (SKILLSMITH_APPROVALS, else your config folder); --list shows each
          approval and whether it still matches, --revoke removes them
mcp       serves the catalog and its actions to any agent over MCP (stdio): tools, prompts,
          skill:// resources, skills/list and skills/get; --actions ask (default) confirms
          each run with the client, approved runs what you approved (unchanged) and asks
          for the rest, allow runs without asking, off refuses

Exit codes: 0 success, 1 errors found (validate), unknown/invalid skill (expand), a run
that did not succeed (run), top-1 below --min-top1, a case without a valid run or a
run significantly worse than --baseline (eval), a skill that does not load or is
dropped in a --require host (hosts), nothing added or a source that cannot be read
(add), a skill that differs from its lock entry (verify), an update that failed
(update), nothing approved or nothing to revoke (approve), 2 bad usage.
`;

/** The working folder, in the core's canonical form. */
function cwd(): string {
  return normalizePath(process.cwd());
}

/** ROOT as an absolute folder that exists; bad usage otherwise. */
async function rootFolder(fs: NodeFileSystem, root: string): Promise<string> {
  const absolute = resolvePath(cwd(), root);
  const stat = await fs.stat(absolute);
  if (!stat || stat.kind !== 'directory') throw new UsageError(`cannot read '${root}': not a folder`);
  return absolute;
}

async function validate(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['format', 'threads', 'cache-location'],
    booleans: ['json', 'unicode-names', 'cache'],
  });
  const format = stringOption(args, 'format') ?? (flag(args, 'json') ? 'json' : 'text');
  if (!['text', 'json', 'sarif'].includes(format))
    throw new UsageError(`--format is text, json or sarif (got '${format}')`);
  const inputs = args.positionals.length > 0 ? args.positionals : ['.'];
  const threads = integerOption(args, 'threads', defaultLintThreads(), { min: 1, max: 64 });
  const unicodeNames = flag(args, 'unicode-names');
  const cache = openValidateCache(
    flag(args, 'cache'),
    stringOption(args, 'cache-location'),
    cwd(),
    {
      version: SKILLSMITH_VERSION,
      options: { unicodeNames },
    },
    (message) => writeErr(`skillsmith validate: ${message}`),
  );
  const { reports, unreadable, mirrors, ...run } = await collectReports(new BatchNodeFileSystem(), cwd(), inputs, {
    unicodeNames,
    threads,
    ...(cache ? { cache: { previous: cache.previous, digest: sha256Digest } } : {}),
  });
  if (cache && run.cache) {
    if (!run.cache.unchanged) cache.save(run.cache.data);
    writeErr(
      `skillsmith validate: ${plural(run.cache.linted, 'skill')} validated, ${run.cache.reused} unchanged since the cache`,
    );
  }
  await writeOut(
    format === 'sarif'
      ? validateSarif(reports, cwd(), SKILLSMITH_VERSION) + '\n'
      : format === 'json'
        ? validateJson(reports) + '\n'
        : validateText(reports, cwd()),
  );
  for (const mirror of mirrors)
    writeErr(
      `skillsmith validate: ${toNativePath(mirror.path)} is a symbolic link to ${toNativePath(mirror.realPath)}: its skills are reported once, under their real paths`,
    );
  for (const file of unreadable) writeErr(`skillsmith: ${toNativePath(file.path)}: ${file.reason}`);
  if (unreadable.length > 0) return 2;
  return countSeverities(reports).errors > 0 ? 1 : 0;
}

async function list(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { strings: ['budget'], booleans: ['json', 'no-user', 'unicode-names'] });
  if (args.positionals.length > 1) throw new UsageError('list takes at most one ROOT');
  const budget = integerOption(args, 'budget', DEFAULT_LISTING_BUDGET, { min: MIN_LISTING_BUDGET });
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, args.positionals[0] ?? '.');
  const catalog = await loadCatalog(fs, {
    root,
    includeUser: !flag(args, 'no-user'),
    unicodeNames: flag(args, 'unicode-names'),
  });
  const listing = catalog.listing(budget);
  await writeOut(flag(args, 'json') ? listJson(catalog, listing) + '\n' : listText(catalog, listing));
  return 0;
}

async function expand(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { strings: ['root'], booleans: ['unicode-names', 'no-user'] });
  const [name, ...rest] = args.positionals;
  if (!name) throw new UsageError('expand needs a skill NAME');
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const unicodeNames = flag(args, 'unicode-names');
  const catalog = await loadCatalog(fs, { root, includeUser: !flag(args, 'no-user'), unicodeNames });
  // One ARGS string, or several words the shell already split: quoted back so that each stays
  // one argument (`expand q "two words" three` gives $0 = two words).
  const result = await expandForCli(
    catalog,
    fs,
    name,
    rest.length === 1 ? rest[0] : quoteArguments(rest),
    unicodeNames,
  );
  if (!result.ok) {
    // The tool's fallback hint speaks to a model; on the command line, point at `list`.
    const { message, suggestion, type } = result.error;
    const hint =
      type === 'not_found' && !suggestion?.startsWith('Did you mean')
        ? "Run 'skillsmith list' to see the skills."
        : suggestion;
    writeErr(`skillsmith: ${message}${hint ? ` ${hint}` : ''}`);
    return 1;
  }
  await writeOut(result.text.endsWith('\n') ? result.text : result.text + '\n');
  return 0;
}

async function run(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['root', 'input', 'timeout'],
    booleans: ['json', 'unicode-names', 'no-user'],
  });
  const [name, action, ...extra] = args.positionals;
  if (!name) throw new UsageError('run needs a skill NAME');
  if (extra.length > 0)
    throw new UsageError(`run takes NAME and ACTION only; pass the input with --input (got '${extra[0]}')`);
  const input = readInputOption(stringOption(args, 'input'), cwd());
  const timeoutSeconds = readTimeoutOption(stringOption(args, 'timeout'));
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const unicodeNames = flag(args, 'unicode-names');
  const catalog = await loadCatalog(fs, { root, includeUser: !flag(args, 'no-user'), unicodeNames });
  const { result, signalExitCode } = await runForCli({
    catalog,
    fs,
    root,
    skill: name,
    action,
    input,
    timeoutSeconds,
    unicodeNames,
  });
  if (flag(args, 'json')) await writeOut(JSON.stringify(result) + '\n');
  else {
    const { out, err } = runText(result);
    if (out) await writeOut(out);
    if (err) writeErr(err);
  }
  return signalExitCode ?? (result.status === 'success' ? 0 : 1);
}

async function route(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, { strings: ['root', 'top'], booleans: ['json', 'no-user', 'unicode-names'] });
  if (args.positionals.length === 0) throw new UsageError('route needs a QUERY');
  const top = integerOption(args, 'top', 5, { min: 1 });
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const catalog = await loadCatalog(fs, {
    root,
    includeUser: !flag(args, 'no-user'),
    unicodeNames: flag(args, 'unicode-names'),
  });
  const output = routeQuery(catalog, args.positionals.join(' '), top);
  await writeOut(flag(args, 'json') ? JSON.stringify(output) + '\n' : routeText(output));
  return 0;
}

async function evaluate(argv: readonly string[]): Promise<number> {
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
  const catalog = await loadCatalog(fs, {
    root,
    includeUser: !flag(args, 'no-user'),
    unicodeNames: flag(args, 'unicode-names'),
  });
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

async function hosts(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    repeated: ['host', 'require', 'context-tokens'],
    booleans: ['json', 'no-user', 'unicode-names'],
  });
  if (args.positionals.length > 1) throw new UsageError('hosts takes at most one ROOT');
  const required = readHostOptions(repeatedOption(args, 'require'), 'require');
  const chosen = chosenHosts(readHostOptions(repeatedOption(args, 'host'), 'host'), required);
  const contextTokens = readContextTokens(repeatedOption(args, 'context-tokens'), 1000);
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, args.positionals[0] ?? '.');
  const includeUser = !flag(args, 'no-user');
  const catalog = await loadCatalog(fs, { root, includeUser, unicodeNames: flag(args, 'unicode-names') });
  const context = { projectRoots: [root], home: includeUser ? normalizePath(os.homedir()) : undefined, contextTokens };
  const records = await hostRecords(fs, catalog, chosen, context);
  // The skills a host's own policy file keeps from its model (Codex's agents/openai.yaml).
  const implicitInvocationOff = await hostPolicyOff(
    fs,
    records.map((record) => record.dir),
    chosen,
  );
  const report = hostsReport(records, chosen, { ...context, implicitInvocationOff });
  await writeOut(flag(args, 'json') ? hostsJson(report) + '\n' : hostsText(report));
  const failures = requirementFailures(report, required);
  for (const failure of failures) writeErr(`skillsmith hosts: ${failure}`);
  return failures.length > 0 ? 1 : 0;
}

/** `skillsmith mcp`: its own bundle (dist/mcp.js), loaded only for this command, so the SDK never loads for the others. */
async function mcp(argv: readonly string[]): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- dist/mcp.js, loaded only for this command
  const { runMcp } = require(`${__dirname}/mcp.js`) as typeof import('./mcp/main');
  return runMcp(argv);
}

async function approve(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['root'],
    booleans: ['list', 'revoke', 'yes', 'json', 'no-user', 'unicode-names'],
  });
  const list = flag(args, 'list');
  const revoke = flag(args, 'revoke');
  approveUsage(list, revoke, args.positionals);
  const fs = new NodeFileSystem();
  const root = await rootFolder(fs, stringOption(args, 'root') ?? '.');
  const file = approvalsPath();
  const problem = storeProblem(file, [root]);
  if (problem) {
    writeErr(`skillsmith approve: ${problem}`);
    return 2;
  }
  const store = new FileApprovalStore(file);
  const out = (text: string) => {
    writeOut(text).catch(() => undefined);
  };
  const err = (text: string) => writeErr(text);
  const [skill, action] = args.positionals;
  try {
    if (list) return await listApprovals({ fs, store, out }, flag(args, 'json'));
    if (revoke) return await revokeApprovals({ store, out, err }, skill, action);
    const catalog = await loadCatalog(fs, {
      root,
      includeUser: !flag(args, 'no-user'),
      unicodeNames: flag(args, 'unicode-names'),
    });
    return await approveAction(
      { fs, catalog, store, out, err, yes: flag(args, 'yes'), confirm: (q) => ask(q, /^y(es)?$/i) },
      skill,
      action,
    );
  } catch (error) {
    // The approvals file cannot be read as approvals: it is left as it is.
    err(`skillsmith approve: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const COMMANDS: Record<string, (argv: readonly string[]) => Promise<number>> = {
  validate,
  approve,
  list,
  expand,
  run,
  route,
  eval: evaluate,
  hosts,
  mcp,
  add,
  verify,
  update,
};

/** Runs the CLI and returns its exit code; never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    await writeOut(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    await writeOut(`${SKILLSMITH_VERSION}\n`);
    return 0;
  }
  const run = COMMANDS[command];
  if (!run) {
    writeErr(`skillsmith: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  try {
    return await run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      writeErr(`skillsmith ${command}: ${error.message}\nRun 'skillsmith --help' for usage.`);
      return 2;
    }
    writeErr(
      `skillsmith ${command}: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 2;
  }
}

if (require.main === module) {
  // A reader that goes away (`skillsmith list | head`) is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // main() answers every expected failure itself; this is a defect, shown with its stack.
      process.stderr.write(
        `skillsmith: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
