// The cache of `validate --cache` (core/validate/validateCache.ts): its file is trusted only when
// it is ours, of this build and whole; a kept outcome is reused only when every input its lint
// read still holds; a file's stamp spares reading it only when it is settled (older than the
// recording run by the slack), and a stamp that moved, or is too recent, means the bytes are read
// again and compared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { EntryStat, FileSystem } from '../../src/core/base/fileSystem';
import { MemoryFileSystem } from '../../src/core/base/memoryFileSystem';
import {
  cachedLintOf,
  cachedOutcome,
  parseReplay,
  parseValidateCache,
  replayHolds,
  serializeValidateCache,
  type LastRun,
  STAMP_SLACK_MS,
  type ValidateCacheData,
} from '../../src/core/validate/validateCache';
import { validateSkill } from '../../src/core/validate/skillValidation';

const TIMEOUT = { timeout: 30_000 };
const sha = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const DIR = '/w/.agents/skills/alpha';
const SKILL = `${DIR}/SKILL.md`;
const TEXT = '---\nname: alpha\ndescription: Formats alpha reports. Use for alpha reports.\n---\nRun `scripts/a.sh`.\n';

/** A file system whose files carry a modification and change time, and that counts the files read. */
class TimedFileSystem implements FileSystem {
  readonly memory = new MemoryFileSystem('/w');
  readonly times = new Map<string, number>();
  reads = 0;
  write(path: string, text: string, time: number): void {
    this.memory.addFile(path, text);
    this.times.set(path, time);
  }
  async stat(path: string): Promise<EntryStat | undefined> {
    const stat = await this.memory.stat(path);
    const time = this.times.get(path);
    return stat && time !== undefined ? { ...stat, mtime: time, changeTime: time } : stat;
  }
  readDirectory(path: string) {
    return this.memory.readDirectory(path);
  }
  /** Counts the reads that gave bytes (a missing file is asked again, and fails at once). */
  readFile(path: string, maxBytes?: number) {
    return this.memory.readFile(path, maxBytes).then((bytes) => (this.reads++, bytes));
  }
  realPath(path: string) {
    return this.memory.realPath(path);
  }
}

const RECORDED_AT = 1_000_000_000;

async function recorded(fs: TimedFileSystem): Promise<ValidateCacheData> {
  const outcome = await validateSkill(fs, SKILL, { digest: sha, recordInputs: true });
  assert.ok(outcome.inputs && outcome.inputs.length > 3, 'the lint kept what it read');
  return { startedAt: RECORDED_AT, lints: { [SKILL]: cachedLintOf(SKILL, outcome) } };
}

function workspace(time: number): TimedFileSystem {
  const fs = new TimedFileSystem();
  fs.write(SKILL, TEXT, time);
  fs.write(`${DIR}/scripts/a.sh`, '#!/bin/sh\necho hi\n', time);
  return fs;
}

test(
  'the cache file round-trips; one not ours, of another build or damaged is refused, saying why',
  TIMEOUT,
  async () => {
    const data = await recorded(workspace(RECORDED_AT - 60_000));
    const text = serializeValidateCache('v1 abc {}', data, sha);
    const back = parseValidateCache(new TextEncoder().encode(text), 'v1 abc {}', sha);
    assert.ok('data' in back);
    assert.deepEqual(back.data, JSON.parse(JSON.stringify(data)));
    const refused = (t: string, key = 'v1 abc {}') => {
      const parsed = parseValidateCache(new TextEncoder().encode(t), key, sha);
      return 'ignored' in parsed ? parsed.ignored : 'trusted';
    };
    assert.equal(refused(text, 'v2 abc {}'), 'it was written by another build of Skillsmith or with other options');
    assert.equal(refused('{"format":"other"}\n{}'), 'it is not a Skillsmith validate cache');
    assert.equal(refused(''), 'it is not a Skillsmith validate cache');
    assert.equal(
      refused(text.replace('alpha reports', 'alpha report')),
      'it is damaged (its content does not match its digest)',
    );
    assert.equal(refused(text.slice(0, -40)), 'it is damaged (its content does not match its digest)');
  },
);

test('paths inside the skill are kept relative, and come back whole', TIMEOUT, async () => {
  const data = await recorded(workspace(RECORDED_AT - 60_000));
  const kept = data.lints[SKILL].inputs;
  assert.ok(kept.some((i) => i.path === './SKILL.md'));
  assert.ok(
    kept.every((i) => !i.path.startsWith(`${DIR}/`)),
    'no absolute path inside the skill is kept',
  );
  const hit = await cachedOutcome(workspace(RECORDED_AT - 60_000), data, SKILL, sha);
  assert.ok(hit?.entry.inputs.some((i) => i.path === SKILL));
});

test('a settled stamp spares the read; a recent one means the bytes are read and compared', TIMEOUT, async () => {
  const old = RECORDED_AT - STAMP_SLACK_MS - 1;
  const data = await recorded(workspace(old));

  const settled = workspace(old);
  const hit = await cachedOutcome(settled, data, SKILL, sha);
  assert.equal(hit?.reread, false);
  assert.equal(settled.reads, 0, 'no file read: every stamp held');

  const recent = RECORDED_AT - STAMP_SLACK_MS + 1;
  const racy = await recorded(workspace(recent));
  const same = workspace(recent);
  const again = await cachedOutcome(same, racy, SKILL, sha);
  assert.equal(again?.reread, true, 'read again: written too close to the recording');
  assert.ok(same.reads > 0);

  // Same stamp, other bytes, in the same clock tick as the recording: the read catches it.
  const sameTick = workspace(recent);
  sameTick.write(`${DIR}/scripts/a.sh`, '#!/bin/sh\nrm -rf "$1"\n', recent);
  assert.equal(await cachedOutcome(sameTick, racy, SKILL, sha), undefined);
});

test('any input that moved means the skill is validated again', TIMEOUT, async () => {
  const old = RECORDED_AT - 60_000;
  const data = await recorded(workspace(old));
  const edited = workspace(old);
  edited.write(`${DIR}/scripts/a.sh`, '#!/bin/sh\necho ho\n', RECORDED_AT + 5_000);
  assert.equal(await cachedOutcome(edited, data, SKILL, sha), undefined, 'a script edited');
  const added = workspace(old);
  added.write(`${DIR}/references/new.md`, 'new', RECORDED_AT + 5_000);
  assert.equal(await cachedOutcome(added, data, SKILL, sha), undefined, 'a file added to the folder');
  const gone = new TimedFileSystem();
  gone.write(SKILL, TEXT, old);
  assert.equal(await cachedOutcome(gone, data, SKILL, sha), undefined, 'a script removed');
  assert.equal(await cachedOutcome(workspace(old), data, `${DIR}/other/SKILL.md`, sha), undefined, 'not kept');
  // A stamp without a change time (a file system that has none) is never trusted alone.
  const noChangeTime = new MemoryFileSystem('/w')
    .addFile(SKILL, TEXT)
    .addFile(`${DIR}/scripts/a.sh`, '#!/bin/sh\necho hi\n');
  const hit = await cachedOutcome(noChangeTime, data, SKILL, sha);
  assert.ok(hit, 'the same bytes: kept');
});

const LAST_RUN: LastRun = {
  request: '{"format":"json"}',
  found: 'sha256:found',
  exitCode: 1,
  stdout: '{"files":[]}\nsecond line, é\n',
  stderr: ['skillsmith validate: a mirror'],
};
const bytes = (text: string) => new TextEncoder().encode(text);

test('the last run comes back whole with the kept lints, and alone for a warm run', TIMEOUT, async () => {
  const data = await recorded(workspace(RECORDED_AT - 60_000));
  const text = serializeValidateCache('v1 abc {}', data, sha, LAST_RUN);
  const full = parseValidateCache(bytes(text), 'v1 abc {}', sha);
  assert.ok('data' in full);
  assert.deepEqual(full.data, JSON.parse(JSON.stringify(data)));
  assert.deepEqual(full.lastRun, LAST_RUN);
  const replay = parseReplay(bytes(text), 'v1 abc {}', sha);
  assert.deepEqual(replay?.lastRun, LAST_RUN);
  assert.deepEqual(replay?.inputs, JSON.parse(JSON.stringify({ [SKILL]: data.lints[SKILL].inputs })));
  assert.equal(replay?.startedAt, RECORDED_AT);
  // Without a last run, another build's file, or one damaged anywhere (its output too): none.
  assert.equal(parseReplay(bytes(serializeValidateCache('v1 abc {}', data, sha)), 'v1 abc {}', sha), undefined);
  assert.equal(parseReplay(bytes(text), 'v2 abc {}', sha), undefined);
  assert.equal(parseReplay(bytes(text.replace('second line', 'second lime')), 'v1 abc {}', sha), undefined);
  assert.equal(parseReplay(bytes(text.slice(0, -3)), 'v1 abc {}', sha), undefined);
});

test(
  'the last run is printed again only for the same request, the same skills, and nothing moved',
  TIMEOUT,
  async () => {
    const old = RECORDED_AT - 60_000;
    const data = await recorded(workspace(old));
    const replay = parseReplay(bytes(serializeValidateCache('k', data, sha, LAST_RUN)), 'k', sha);
    assert.ok(replay);
    const holds = (fs: FileSystem, request = LAST_RUN.request, found = LAST_RUN.found) =>
      replayHolds(fs, replay, request, found, sha);
    assert.equal(await holds(workspace(old)), true, 'nothing changed');
    assert.equal(await holds(workspace(old), '{"format":"text"}'), false, 'another request');
    assert.equal(await holds(workspace(old), LAST_RUN.request, 'sha256:other'), false, 'other skills found');
    const edited = workspace(old);
    edited.write(`${DIR}/scripts/a.sh`, '#!/bin/sh\necho ho\n', RECORDED_AT + 5_000);
    assert.equal(await holds(edited), false, 'a script edited');
    const added = workspace(old);
    added.write(`${DIR}/references/new.md`, 'new', RECORDED_AT + 5_000);
    assert.equal(await holds(added), false, 'a file added to the folder');
    // The same bytes with a stamp too recent to trust: right, but the cache is worth writing again.
    const rewritten = workspace(old);
    rewritten.write(SKILL, TEXT, RECORDED_AT - 1);
    assert.equal(await holds(rewritten), false, 'a stamp inside the slack');
  },
);

test(
  'a lint recorded after another lint of the same files reads them again: a memo kept by stat is no input',
  TIMEOUT,
  async () => {
    const old = RECORDED_AT - 60_000;
    // The live lint (or another skill's, in one lint thread) keeps what it read of scripts/a.sh by its stat.
    await validateSkill(workspace(old), SKILL, {});
    const data = await recorded(workspace(old));
    assert.ok(
      data.lints[SKILL].inputs.some((input) => input.op === 'read' && input.path === './scripts/a.sh'),
      'the script is read, and its digest kept',
    );
    // The same size, other bytes: only the digest tells.
    const edited = workspace(old);
    edited.write(`${DIR}/scripts/a.sh`, '#!/bin/sh\nrm -r /\n', RECORDED_AT + 5_000);
    assert.equal(await cachedOutcome(edited, data, SKILL, sha), undefined);
  },
);
