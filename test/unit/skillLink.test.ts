// Link Skill into Another Agents' Folder makes the link (src/node/skillLink.ts): relative where
// the system makes symbolic links, so that it holds in every clone; a junction to the absolute
// folder on Windows; never over anything that exists; parents created.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalizePath } from '../../src/core/base/paths';
import { linkSkillFolder } from '../../src/node/skillLink';
import { NO_SYMLINKS, makeTempDir, removeDir, trySymlink, writeSkill } from './engineTestUtils';

const tmp = makeTempDir('skillsmith-link-');
after(() => removeDir(tmp));
const canLink = () => {
  const probe = path.join(tmp, `probe-${Math.random().toString(36).slice(2)}`);
  fs.mkdirSync(probe);
  return trySymlink(probe, `${probe}-link`, 'dir');
};

test('a relative link in a folder made for it, and the skill is read through it', { timeout: 10_000 }, async (t) => {
  if (process.platform === 'win32' || !canLink()) return t.skip(NO_SYMLINKS);
  const ws = path.join(tmp, 'relative');
  writeSkill(path.join(ws, '.agents', 'skills'), 'review');
  const target = normalizePath(path.join(ws, '.agents', 'skills', 'review'));
  const link = normalizePath(path.join(ws, '.claude', 'skills', 'review'));
  assert.equal(await linkSkillFolder(target, link, 'linux'), 'symbolic link');
  assert.equal(fs.readlinkSync(link), path.join('..', '..', '.agents', 'skills', 'review'));
  assert.match(fs.readFileSync(path.join(link, 'SKILL.md'), 'utf8'), /name: review/);
});

test('never over anything that exists: a folder, a file or a broken link', { timeout: 10_000 }, async () => {
  const ws = path.join(tmp, 'exists');
  writeSkill(path.join(ws, '.agents', 'skills'), 'review');
  const target = normalizePath(path.join(ws, '.agents', 'skills', 'review'));
  const folder = path.join(ws, '.claude', 'skills', 'review');
  writeSkill(path.join(ws, '.claude', 'skills'), 'review', 'Another review. Use when asked.');
  await assert.rejects(linkSkillFolder(target, normalizePath(folder)), /already exists; nothing was changed/);
  assert.match(fs.readFileSync(path.join(folder, 'SKILL.md'), 'utf8'), /Another review/);
  const file = path.join(ws, '.github', 'skills', 'review');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'a file');
  await assert.rejects(linkSkillFolder(target, normalizePath(file)), /already exists/);
  assert.equal(fs.readFileSync(file, 'utf8'), 'a file');
  // A broken link is something too (lstat, not stat), where the system makes links.
  const broken = path.join(ws, 'skills', 'review');
  fs.mkdirSync(path.dirname(broken), { recursive: true });
  if (trySymlink(path.join(ws, 'nowhere'), broken, 'dir')) {
    await assert.rejects(linkSkillFolder(target, normalizePath(broken)), /already exists/);
    assert.equal(fs.readlinkSync(broken), path.join(ws, 'nowhere'));
  }
});

test('on Windows: a junction to the absolute folder', { timeout: 10_000 }, async (t) => {
  if (!canLink()) return t.skip(NO_SYMLINKS);
  const ws = path.join(tmp, 'junction');
  writeSkill(path.join(ws, '.agents', 'skills'), 'review');
  const target = normalizePath(path.join(ws, '.agents', 'skills', 'review'));
  const link = normalizePath(path.join(ws, '.claude', 'skills', 'review'));
  // Elsewhere the type is ignored and the absolute target kept: what the junction points at.
  assert.equal(await linkSkillFolder(target, link, 'win32'), 'junction');
  assert.equal(path.resolve(path.dirname(link), fs.readlinkSync(link)), path.resolve(target));
  assert.match(fs.readFileSync(path.join(link, 'SKILL.md'), 'utf8'), /name: review/);
});
