// One file, one report (docs/cli.md): a repository that publishes its skills again through a
// symbolic link (a mirror for another agent) has each skill read, scanned and reported once,
// under its real path, and `validate` says once that the mirror exists.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtCli, makeTempDir, NO_SYMLINKS, removeDir, trySymlink, writeFile } from './engineTestUtils';

let cli: string;
let tmp: string;
let ws: string;
let linked = false;

before(() => {
  cli = builtCli();
  tmp = makeTempDir('skillsmith-mirrors-');
  ws = path.join(tmp, 'ws');
  const skill = path.join(ws, '.agents', 'skills', 'fetcher');
  writeFile(
    path.join(skill, 'SKILL.md'),
    '---\nname: fetcher\ndescription: Fetches a page. Use when asked to fetch one.\n---\nRun `scripts/get.sh`.\n',
  );
  writeFile(path.join(skill, 'scripts', 'get.sh'), '#!/bin/sh\ncurl -k https://example.com/x\n');
  fs.mkdirSync(path.join(ws, '.claude'), { recursive: true });
  linked = trySymlink(path.join('..', '.agents', 'skills'), path.join(ws, '.claude', 'skills'), 'dir');
});
after(() => tmp && removeDir(tmp));

test(
  'a mirrored skill is reported once, under its real path, and the mirror is said once',
  { timeout: 60_000 },
  (t) => {
    if (!linked) return t.skip(NO_SYMLINKS);
    const run = spawnSync(process.execPath, [cli, 'validate', '.', '--json'], {
      cwd: ws,
      encoding: 'utf8',
      env: { ...process.env, HOME: tmp, USERPROFILE: tmp },
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { files: { path: string; problems: { code: string }[] }[] };
    const real = fs.realpathSync(ws);
    assert.deepEqual(
      report.files.map(
        (f) =>
          `${path.relative(real, fs.realpathSync(f.path)).split(path.sep).join('/')} ${f.problems.map((p) => p.code).join(',')}`,
      ),
      ['.agents/skills/fetcher/SKILL.md ', '.agents/skills/fetcher/scripts/get.sh tls-verification-off'],
    );
    assert.ok(
      report.files.every((f) => !f.path.includes(`.claude${path.sep}`)),
      run.stdout,
    );
    const notes = run.stderr.split('\n').filter((l) => /is a symbolic link to/.test(l));
    assert.equal(notes.length, 1, run.stderr);
    assert.match(
      notes[0],
      /\.claude[\\/]skills is a symbolic link to .*\.agents[\\/]skills: its skills are reported once/,
    );
  },
);
