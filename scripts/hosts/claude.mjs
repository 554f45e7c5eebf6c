// Claude Code oracle: `claude -p hi` without a login fails with "Not logged in", but first writes the
// session transcript under ~/.claude/projects/, whose `skill_listing` attachment is the exact text the
// model would receive, and (with --output-format stream-json --verbose) prints a system/init event whose
// `slash_commands` name every skill the user can invoke. The debug log names the files it skipped.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// A chosen model with a 200,000-token window (4 characters a token): its listing budget is 8,000
// characters, as Skillsmith's profile computes it for the same window. Run as installed (no
// --model), Claude Code uses its default model instead (the profile's `defaultModel`).
export const CLAUDE_MODEL = 'claude-sonnet-4-6';
export const CLAUDE_CONTEXT_TOKENS = 200_000;

function transcripts(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...transcripts(full));
    else if (entry.name.endsWith('.jsonl')) out.push(full);
  }
  return out;
}

/**
 * Runs the oracle: { listing (text or null), slashCommands, skipped (paths), model, budget, code }.
 * `model` undefined runs Claude Code as installed, with no --model.
 */
export function claudeRun(bin, { home, cwd, logDir, model }) {
  const log = path.join(logDir, 'claude-debug.log');
  fs.rmSync(log, { force: true });
  const projects = path.join(home, '.claude', 'projects');
  fs.rmSync(projects, { recursive: true, force: true });
  const env = { PATH: process.env.PATH, HOME: home, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', NO_COLOR: '1' };
  const args = [
    '-p',
    'hi',
    '--debug-file',
    log,
    ...(model === undefined ? [] : ['--model', model]),
    '--output-format',
    'stream-json',
    '--verbose',
  ];
  const r = spawnSync(bin, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 180_000 });
  let listing = null;
  for (const file of transcripts(projects)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let o;
      try {
        o = JSON.parse(line);
      } catch {
        continue;
      }
      if (o.attachment?.type === 'skill_listing' && listing === null) listing = o.attachment.content ?? '';
    }
  }
  let init = null;
  for (const line of `${r.stdout}`.split('\n')) {
    try {
      const o = JSON.parse(line);
      if (o?.type === 'system' && o?.subtype === 'init') init = o;
    } catch {
      /* not JSON */
    }
  }
  const debug = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  const skipped = [...debug.matchAll(/\[skills\] skipping (\/\S+SKILL\.md)/g)].map((m) => m[1]);
  if (listing === null || init === null) {
    throw new Error(
      `claude -p wrote no ${listing === null ? 'skill_listing attachment' : 'system/init event'} (exit ${r.status}): ${`${r.stdout}${r.stderr}`.slice(-500)}`,
    );
  }
  // "Skill listing over budget: N skills, H chars > B budget" names the budget when the listing overflows it.
  const over = debug.match(/Skill listing over budget: \d+ skills, \d+ chars > (\d+) budget/);
  return {
    listing,
    slashCommands: init.slash_commands ?? [],
    skills: init.skills ?? [],
    skipped,
    model: init.model,
    budget: over ? Number(over[1]) : undefined,
    code: r.status,
  };
}

/** Entries of the listing text: [{ label, folder, description (null for name-only) }]. */
export function parseClaudeListing(text) {
  const entries = [];
  let current = null;
  for (const line of `${text ?? ''}`.split('\n')) {
    if (line.startsWith('- ')) {
      current = { line };
      entries.push(current);
    } else if (current) current.line += `\n${line}`;
  }
  return entries.map(({ line }) => {
    const m = line.match(/^- (.*?)(?:: ([\s\S]*))?$/);
    const label = m[1];
    const folder = label.replace(/ \(.*\)$/, '');
    return { label, folder, description: m[2] ?? null };
  });
}

/** Claude Code shows a description with newlines and tabs as spaces, trimmed. */
const normalize = (text) => `${text ?? ''}`.replace(/[\n\t]/g, ' ').trim();

/**
 * Claude Code's answer for each SKILL.md in `<root>/.claude/skills/<folder>/` (the only place in the workspace
 * it reads; the listing names skills by folder): Map path -> { found, loads, listing, detail }.
 * `writtenDescription(path)` gives the description as written in the file, to tell a shortened entry.
 */
export function claudeAnswers({ run, root, writtenDescription }) {
  const out = new Map();
  const fileOf = (folder) => {
    const file = path.join(root, '.claude', 'skills', folder, 'SKILL.md');
    return fs.existsSync(file) ? file : null;
  };
  const entries = parseClaudeListing(run.listing);
  const listed = new Map();
  const unknown = [];
  for (const e of entries) {
    const file = fileOf(e.folder);
    if (file) listed.set(file, e);
    else unknown.push(e.label);
  }
  const loaded = new Set(listed.keys());
  for (const command of run.slashCommands) {
    const file = fileOf(command);
    if (file) loaded.add(file);
  }
  for (const file of run.skipped)
    if (file.startsWith(`${root}${path.sep}`))
      out.set(path.resolve(file), { found: true, loads: false, listing: null, detail: 'skipped (debug log)' });
  for (const file of loaded) {
    const e = listed.get(file);
    if (!e) {
      out.set(file, {
        found: true,
        loads: true,
        listing: 'dropped',
        detail: 'loaded (a slash command), not in skill_listing',
      });
      continue;
    }
    if (e.description === null) {
      out.set(file, { found: true, loads: true, listing: 'name-only' });
      continue;
    }
    const written = normalize(writtenDescription(file));
    const shown = e.description.replace(/(…|\.\.\.)$/, '');
    const shortened =
      written !== '' && e.description !== written && shown.length < written.length && written.startsWith(shown);
    out.set(file, {
      found: true,
      loads: true,
      listing: shortened ? 'shortened' : 'full',
      detail: shortened ? `${e.description.length} of ${written.length} characters shown` : undefined,
    });
  }
  return { answers: out, unknown };
}
