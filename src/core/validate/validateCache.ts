// `validate --cache` (docs/cli.md): what one run of validate learnt, kept for the next. Each
// SKILL.md's outcome is kept with the inputs its lint read through the folder's snapshot
// (core/base/skillFolderSnapshot.ts): every listing, stat and real path, and each file's digest
// with its stamp. The next run checks those inputs again and reuses the outcome only when every
// one still holds; otherwise that skill alone is linted again. What depends on the whole set is
// decided again from the outcomes: duplicate-name on every run (it is cheap), description-overlap
// kept under a digest of everything it routes. The file is one header line (format, the key of
// the code and options that wrote it, the body's digest) and the body: a cache that is not ours,
// is another build's, or does not match its digest is ignored and never trusted.
import type { FileSystem } from '../base/fileSystem';
import { dirnamePath, joinPath } from '../base/paths';
import { listingDigest, stampOf, statSeen, failureSeen, type SnapshotInput } from '../base/skillFolderSnapshot';
import type { Problem } from '../base/types';
import type { RoutedSkill } from './descriptionOverlaps';
import type { LintOutcome } from './skillValidation';

export const VALIDATE_CACHE_FORMAT = 'skillsmith-validate-cache';
const FORMAT_VERSION = 2;

/**
 * A file whose mtime or change time lies this close to (or after) the start of the run that
 * recorded it is read again whatever its stamp says: a second write within one tick of the file
 * system's clock (two seconds on FAT) leaves the stamp as it was.
 */
export const STAMP_SLACK_MS = 2_000;

type Digest = (bytes: Uint8Array) => string;

/** One skill's outcome and what its lint read. */
export interface CachedLint {
  readonly inputs: readonly SnapshotInput[];
  readonly outcome: LintOutcome;
}

export interface ValidateCacheData {
  /** When the run that wrote it began, before it read anything: every entry held then. */
  readonly startedAt: number;
  /** By SKILL.md path. */
  readonly lints: Readonly<Record<string, CachedLint>>;
  /** description-overlap's problems by SKILL.md path, for the routed set whose digest this is. */
  readonly overlaps?: { readonly digest: string; readonly problems: readonly [string, readonly Problem[]][] };
}

/**
 * What the run that wrote the cache printed, for the same request: when every skill it found is
 * found again and nothing any of their lints read changed, the next run prints it again without
 * loading the lint (a warm run is mostly the lint's code loading, and the report rebuilt).
 */
export interface LastRun {
  /** What was asked (format, PATHs, working folder): another request is answered afresh. */
  readonly request: string;
  /** The digest of the skills found for it, and of what was said about the PATHs. */
  readonly found: string;
  readonly exitCode: number;
  /** Its standard output, then the lines of its standard error after it. */
  readonly stdout: string;
  readonly stderr: readonly string[];
}

interface CacheHeader {
  readonly format: string;
  readonly version: number;
  readonly key: string;
  readonly digest: string;
}

// The file: the header line, then the sections, one line each (the last run's output is last,
// and may hold newlines of its own). A warm run reads only the inputs and the last run; the
// outcomes are parsed when a skill has to be reported from them. The digest covers every section.
//   1 header   2 {startedAt, inputs by SKILL.md}   3 {outcomes by SKILL.md, overlaps}
//   4 the last run without its output, or null     5 the last run's standard output

/** The cache's text: the header line, then the sections. */
export function serializeValidateCache(
  key: string,
  data: ValidateCacheData,
  digest: Digest,
  lastRun?: LastRun,
): string {
  const inputs: Record<string, readonly SnapshotInput[]> = {};
  const outcomes: Record<string, LintOutcome> = {};
  for (const [file, lint] of Object.entries(data.lints)) {
    inputs[file] = lint.inputs;
    outcomes[file] = lint.outcome;
  }
  const { stdout = '', ...said } = lastRun ?? {};
  const body = [
    JSON.stringify({ startedAt: data.startedAt, inputs }),
    JSON.stringify({ outcomes, ...(data.overlaps ? { overlaps: data.overlaps } : {}) }),
    lastRun ? JSON.stringify(said) : 'null',
    stdout,
  ].join('\n');
  const header: CacheHeader = {
    format: VALIDATE_CACHE_FORMAT,
    version: FORMAT_VERSION,
    key,
    digest: textDigest(body, digest),
  };
  return `${JSON.stringify(header)}\n${body}`;
}

/**
 * The sections of a cache that can be trusted, as bytes, not yet decoded (a warm run decodes only
 * the ones it reads); or why it cannot be trusted.
 */
function cacheSections(
  bytes: Uint8Array,
  key: string,
  digest: Digest,
): { readonly sections: readonly [Uint8Array, Uint8Array, Uint8Array, Uint8Array] } | { readonly ignored: string } {
  const newline = bytes.indexOf(NEWLINE);
  const header = parseObject(decode(newline < 0 ? bytes : bytes.subarray(0, newline))) as
    Partial<CacheHeader> | undefined;
  if (header?.format !== VALIDATE_CACHE_FORMAT) return { ignored: 'it is not a Skillsmith validate cache' };
  if (header.version !== FORMAT_VERSION || header.key !== key)
    return { ignored: 'it was written by another build of Skillsmith or with other options' };
  const body = bytes.subarray(newline + 1);
  if (typeof header.digest !== 'string' || digest(body) !== header.digest)
    return { ignored: 'it is damaged (its content does not match its digest)' };
  const ends: number[] = [];
  for (let at = -1, n = 0; n < 3; n++) {
    at = body.indexOf(NEWLINE, at + 1);
    if (at < 0) return { ignored: DAMAGED_SHAPE };
    ends.push(at);
  }
  return {
    sections: [
      body.subarray(0, ends[0]),
      body.subarray(ends[0] + 1, ends[1]),
      body.subarray(ends[1] + 1, ends[2]),
      body.subarray(ends[2] + 1),
    ],
  };
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder();

function decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

const DAMAGED_SHAPE = 'it is damaged (not the shape this build writes)';

/** The cache in `text`, or why it cannot be trusted. `key` names the build and options of this run. */
export function parseValidateCache(
  bytes: Uint8Array,
  key: string,
  digest: Digest,
): { readonly data: ValidateCacheData; readonly lastRun?: LastRun } | { readonly ignored: string } {
  const found = cacheSections(bytes, key, digest);
  if ('ignored' in found) return found;
  const [inputsText, outcomesText] = found.sections.map(decode);
  const kept = parseObject(inputsText) as { startedAt?: unknown; inputs?: unknown } | undefined;
  const rest = parseObject(outcomesText) as
    { outcomes?: Record<string, LintOutcome>; overlaps?: ValidateCacheData['overlaps'] } | undefined;
  if (typeof kept?.startedAt !== 'number' || !isRecord(kept.inputs) || !isRecord(rest?.outcomes))
    return { ignored: DAMAGED_SHAPE };
  const inputs = kept.inputs as Record<string, readonly SnapshotInput[]>;
  const lints: Record<string, CachedLint> = {};
  for (const [file, outcome] of Object.entries(rest.outcomes)) {
    if (Object.prototype.hasOwnProperty.call(inputs, file)) lints[file] = { inputs: inputs[file], outcome };
  }
  const lastRun = lastRunOf(found.sections);
  return {
    data: { startedAt: kept.startedAt, lints, ...(rest.overlaps ? { overlaps: rest.overlaps } : {}) },
    ...(lastRun ? { lastRun } : {}),
  };
}

/** What a warm run checks before it prints the last run again: the inputs, and that run. */
export interface ReplayData {
  readonly startedAt: number;
  readonly inputs: Readonly<Record<string, readonly SnapshotInput[]>>;
  readonly lastRun: LastRun;
}

/**
 * The last run kept in `text`, with the inputs of every skill it reported, without parsing the
 * outcomes; undefined when there is none or the cache is not to be trusted (the full read that
 * follows says why).
 */
export function parseReplay(bytes: Uint8Array, key: string, digest: Digest): ReplayData | undefined {
  const found = cacheSections(bytes, key, digest);
  if ('ignored' in found) return undefined;
  const lastRun = lastRunOf(found.sections);
  const kept = parseObject(decode(found.sections[0])) as { startedAt?: unknown; inputs?: unknown } | undefined;
  if (!lastRun || typeof kept?.startedAt !== 'number' || !isRecord(kept.inputs)) return undefined;
  return { startedAt: kept.startedAt, inputs: kept.inputs as ReplayData['inputs'], lastRun };
}

function lastRunOf(sections: readonly [Uint8Array, Uint8Array, Uint8Array, Uint8Array]): LastRun | undefined {
  const said = parseObject(decode(sections[2])) as Partial<LastRun> | undefined;
  if (
    typeof said?.request !== 'string' ||
    typeof said.found !== 'string' ||
    typeof said.exitCode !== 'number' ||
    !Array.isArray(said.stderr) ||
    !said.stderr.every((line) => typeof line === 'string')
  )
    return undefined;
  return {
    request: said.request,
    found: said.found,
    exitCode: said.exitCode,
    stderr: said.stderr,
    stdout: decode(sections[3]),
  };
}

/**
 * Whether the last run in `replay` answers `request` for the skills `found` (its digest): the same
 * request, the same skills, and every input of every one of their lints as it was, each settled
 * (none needed a second read, after which the cache is worth writing again).
 */
export async function replayHolds(
  fs: FileSystem,
  replay: ReplayData,
  request: string,
  found: string,
  digest: Digest,
): Promise<boolean> {
  if (replay.lastRun.request !== request || replay.lastRun.found !== found) return false;
  const trustedBefore = replay.startedAt - STAMP_SLACK_MS;
  for (const [filePath, inputs] of Object.entries(replay.inputs)) {
    // The file was written by this build and matches its digest: only its shape is checked here.
    if (!Array.isArray(inputs)) return false;
    const dir = dirnamePath(filePath);
    for (const input of inputs as readonly SnapshotInput[])
      if ((await holds(fs, unpacked(input, dir), digest, trustedBefore)) !== true) return false;
  }
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A kept outcome, and whether a file had to be read again to trust it (its stamp too recent, or moved). */
export interface CacheHit {
  readonly entry: CachedLint;
  readonly reread: boolean;
}

/**
 * The outcome kept for `filePath` when everything its lint read is as it was; undefined when
 * the cache has none or something changed. Give one file system view (a SkillFolderSnapshot)
 * to every skill's check, so that a path that several inputs name is asked about once.
 */
export async function cachedOutcome(
  fs: FileSystem,
  data: ValidateCacheData,
  filePath: string,
  digest: Digest,
): Promise<CacheHit | undefined> {
  const stored: CachedLint | undefined = Object.prototype.hasOwnProperty.call(data.lints, filePath)
    ? data.lints[filePath]
    : undefined;
  if (!stored || !Array.isArray(stored.inputs)) return undefined;
  const dir = dirnamePath(filePath);
  const inputs = stored.inputs.map((input: SnapshotInput) => unpacked(input, dir));
  const trustedBefore = data.startedAt - STAMP_SLACK_MS;
  let reread = false;
  for (const input of inputs) {
    const held = await holds(fs, input, digest, trustedBefore);
    if (held === false) return undefined;
    reread ||= held === 'reread';
  }
  return { entry: { inputs, outcome: stored.outcome }, reread };
}

/** True (or 'reread', when its bytes were read again) when the file system still gives what `input` saw. */
async function holds(
  fs: FileSystem,
  input: SnapshotInput,
  digest: Digest,
  trustedBefore: number,
): Promise<boolean | 'reread'> {
  const seen = (value: Promise<string>) =>
    value.then(
      (now) => now === input.seen,
      (error: unknown) => failureSeen(error) === input.seen,
    );
  switch (input.op) {
    case 'stat':
      return seen(fs.stat(input.path).then(statSeen));
    case 'list':
      return seen(fs.readDirectory(input.path).then((entries) => listingDigest(entries, digest)));
    case 'real':
      return seen(fs.realPath(input.path));
    case 'read': {
      if (input.stamp !== undefined) {
        const stat = await fs.stat(input.path).catch(() => undefined);
        const settled =
          stat !== undefined && stat.mtime < trustedBefore && (stat.changeTime ?? Infinity) < trustedBefore;
        if (settled && stampOf(stat) === input.stamp) return true;
      }
      const same = await seen(fs.readFile(input.path, input.maxBytes ?? undefined).then(digest));
      // Read again for want of a settled stamp: a cache written now would spare the next run that.
      return same && (input.stamp !== undefined ? 'reread' : true);
    }
    default:
      return false;
  }
}

/** The lints in the files' order: each kept entry's outcome, and the fresh `linted` ones, in order, where none was kept. */
export function withCachedLints(
  kept: readonly (CachedLint | undefined)[],
  linted: readonly LintOutcome[],
): LintOutcome[] {
  let next = 0;
  return kept.map((entry) => (entry ? { ...entry.outcome, inputs: entry.inputs } : linted[next++]));
}

/** What the cache keeps of an outcome: what validate reports, without what no report shows. */
export function cachedLintOf(filePath: string, outcome: LintOutcome): CachedLint {
  const { inputs: read = [], ...rest } = outcome;
  const inputs = read.map((input) => packed(input, dirnamePath(filePath)));
  if (!rest.ok) return { inputs, outcome: rest };
  // The parsed frontmatter and the text's own problems (outcome.problems holds them) are not
  // read after the lint: dropping them keeps the cache small.
  return { inputs, outcome: { ...rest, analysis: { ...rest.analysis, frontmatter: undefined, problems: [] } } };
}

/**
 * The digest of what description-overlap decides from: each routed skill with its SKILL.md's
 * digest (the pass reads SKILL.md again for a description's range); undefined when a SKILL.md's
 * digest is not known, and the pass is not kept.
 */
export function overlapDigest(
  routed: readonly RoutedSkill[],
  inputsOf: (filePath: string) => readonly SnapshotInput[] | undefined,
  digest: Digest,
): string | undefined {
  const files: string[] = [];
  for (const skill of routed) {
    const read = inputsOf(skill.filePath)?.find((input) => input.op === 'read' && input.path === skill.filePath);
    if (read?.op !== 'read' || read.maxBytes !== null) return undefined;
    files.push(read.seen);
  }
  return textDigest(JSON.stringify([routed, files]), digest);
}

// Paths inside the skill's folder are kept relative to it, as `./rest` (a canonical absolute
// path never starts so): most of the cache's bytes are paths.
const HERE = './';

function packed(input: SnapshotInput, dir: string): SnapshotInput {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return input.path.startsWith(prefix) ? { ...input, path: HERE + input.path.slice(prefix.length) } : input;
}

function unpacked(input: SnapshotInput, dir: string): SnapshotInput {
  return input.path.startsWith(HERE) ? { ...input, path: joinPath(dir, input.path.slice(HERE.length)) } : input;
}

function textDigest(text: string, digest: Digest): string {
  return digest(new TextEncoder().encode(text));
}

function parseObject(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
