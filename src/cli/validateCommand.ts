// `skillsmith validate [PATH...]` (docs/cli.md): the options, the skills the PATHs hold, and what
// is printed. With the cache, a run that finds what the last one found, and nothing that any of
// its lints read changed, prints what the last run printed without loading the lint at all
// (core/validate/validateCache.ts); every other run goes to the lint (validateRun.ts).
import { SkillFolderSnapshot } from '../core/base/skillFolderSnapshot';
import { plural } from '../core/base/text';
import { replayHolds } from '../core/validate/validateCache';
import { defaultLintThreads } from '../node/lintThreads';
import { BatchNodeFileSystem } from '../node/nodeFileSystem';
import { sha256Digest } from '../node/sha256';
import { openValidateCache } from '../node/validateCacheFile';
import { flag, integerOption, parseCommandArgs, stringOption, UsageError } from './args';
import { writeErr, writeOut } from './output';
import type { ValidateFormat, ValidateOutput } from './validateRun';
import { findSkills } from './validateTargets';
import { cwd } from './workingFolder';

declare const SKILLSMITH_VERSION: string;

const FORMATS: readonly ValidateFormat[] = ['text', 'json', 'sarif'];

/** `skillsmith validate`: the reports of every PATH, printed in the format asked for. */
export async function validate(argv: readonly string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    strings: ['format', 'threads', 'cache-location'],
    booleans: ['json', 'unicode-names', 'cache'],
  });
  const format = (stringOption(args, 'format') ?? (flag(args, 'json') ? 'json' : 'text')) as ValidateFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`--format is text, json or sarif (got '${format}')`);
  const inputs = args.positionals.length > 0 ? args.positionals : ['.'];
  const threads = integerOption(args, 'threads', defaultLintThreads(), { min: 1, max: 64 });
  const unicodeNames = flag(args, 'unicode-names');
  const fs = new BatchNodeFileSystem();
  const run = { format, threads, unicodeNames, version: SKILLSMITH_VERSION };
  const say = (message: string) => writeErr(`skillsmith validate: ${message}`);
  const cache = openValidateCache(
    flag(args, 'cache'),
    stringOption(args, 'cache-location'),
    cwd(),
    { version: SKILLSMITH_VERSION, options: { unicodeNames } },
    say,
  );
  if (!cache) return printed(await (await import('./validateRun')).validateRun(fs, cwd(), inputs, run));

  // Every input of the last run is checked through the one view that found the skills.
  const startedAt = Date.now();
  const view = new SkillFolderSnapshot(fs);
  const skills = await findSkills(view, cwd(), inputs);
  const request = JSON.stringify({ format, inputs, cwd: cwd() });
  const found = sha256Digest(new TextEncoder().encode(JSON.stringify(skills)));
  const replay = cache.replay();
  if (replay && (await replayHolds(view, replay, request, found, sha256Digest))) {
    say(`0 skills validated, ${skills.targets.length} unchanged since the cache`);
    return printed(replay.lastRun);
  }
  const { validateRun } = await import('./validateRun');
  const output = await validateRun(fs, cwd(), inputs, {
    ...run,
    cache: { previous: cache.previous(), digest: sha256Digest, startedAt, found: { view, skills } },
  });
  if (output.cache) {
    // A run that could not read a file (exit 2) may read it next time: it is not printed again.
    cache.save(output.cache.data, output.exitCode === 2 ? undefined : { request, found, ...printable(output) });
    say(`${plural(output.cache.linted, 'skill')} validated, ${output.cache.reused} unchanged since the cache`);
  }
  return printed(output);
}

function printable(output: ValidateOutput): Pick<ValidateOutput, 'stdout' | 'stderr' | 'exitCode'> {
  return { stdout: output.stdout, stderr: output.stderr, exitCode: output.exitCode };
}

async function printed(output: Pick<ValidateOutput, 'stdout' | 'stderr' | 'exitCode'>): Promise<number> {
  await writeOut(output.stdout);
  for (const line of output.stderr) writeErr(line);
  return output.exitCode;
}
