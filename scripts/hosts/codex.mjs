// Codex CLI oracle: `codex app-server` skills/list (what it found and loaded, and the load errors)
// and `codex debug prompt-input` (the model-visible <skills_instructions> listing), both offline.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

function env(home) {
  const e = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete e.CODEX_HOME;
  return e;
}

/** skills/list over stdio JSON-RPC: { skills: [{name, description, path, scope, enabled}], errors: [{path, message}] }. */
export function codexSkillsList(bin, { home, cwd, timeoutMs = 60_000 }) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ['app-server'], { cwd, env: env(home), stdio: ['pipe', 'pipe', 'pipe'] });
    let buf = '';
    let stderr = '';
    const timer = setTimeout(() => {
      p.kill();
      reject(new Error(`codex app-server: no skills/list answer in ${timeoutMs} ms; stderr: ${stderr.slice(-500)}`));
    }, timeoutMs);
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`codex app-server exited (${code}) before answering; stderr: ${stderr.slice(-500)}`));
    });
    p.stderr.on('data', (d) => (stderr += d));
    p.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (msg.id === 1) {
          if (msg.error) {
            clearTimeout(timer);
            p.kill();
            return reject(new Error(`initialize: ${JSON.stringify(msg.error)}`));
          }
          p.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
          p.stdin.write(
            `${JSON.stringify({ id: 2, method: 'skills/list', params: { cwds: [cwd], forceReload: true } })}\n`,
          );
        } else if (msg.id === 2) {
          clearTimeout(timer);
          p.removeAllListeners('exit');
          p.kill();
          if (msg.error) return reject(new Error(`skills/list: ${JSON.stringify(msg.error)}`));
          const entry = msg.result?.data?.find((d) => d.cwd === cwd) ?? msg.result?.data?.[0];
          if (!entry) return reject(new Error(`skills/list: unexpected answer ${line.slice(0, 300)}`));
          resolve({ skills: entry.skills ?? [], errors: entry.errors ?? [] });
        }
      }
    });
    p.stdin.write(
      `${JSON.stringify({ id: 1, method: 'initialize', params: { clientInfo: { name: 'x', title: null, version: '0' }, capabilities: { experimentalApi: true, requestAttestation: false } } })}\n`,
    );
  });
}

/** The <skills_instructions> text of `codex debug prompt-input` for a context window (undefined: the model's default). */
export function codexListingText(bin, { home, cwd, contextWindow }) {
  const args = ['debug', 'prompt-input', ...(contextWindow ? ['-c', `model_context_window=${contextWindow}`] : [])];
  const r = spawnSync(bin, args, { cwd, env: env(home), encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000 });
  if (r.status !== 0)
    throw new Error(`codex ${args.join(' ')} failed (exit ${r.status}): ${`${r.stderr}`.slice(-500)}`);
  const items = JSON.parse(r.stdout);
  for (const item of items) {
    for (const c of item.content ?? [])
      if (typeof c.text === 'string' && c.text.includes('<skills_instructions>')) return c.text;
  }
  return null;
}

/** The entries of a listing: Map absolute SKILL.md path -> { name, description } ('' for a name-only entry). */
export function parseCodexListing(text) {
  const entries = new Map();
  if (!text) return entries;
  const roots = {};
  let inAvailable = false;
  for (const line of text.split('\n')) {
    const root = line.match(/^- `(r\d+)` = `(.*)`$/);
    if (root) roots[root[1]] = root[2];
    if (line.startsWith('### Available skills')) {
      inAvailable = true;
      continue;
    }
    if (!inAvailable || !line.startsWith('- ')) continue;
    const m = line.match(/^- (.*?): ?(.*?) ?\(file: (.+)\)$/s);
    if (!m) continue;
    let file = m[3];
    const alias = file.match(/^(r\d+)\/(.*)$/);
    if (alias && roots[alias[1]]) file = path.join(roots[alias[1]], alias[2]);
    entries.set(path.resolve(file), { name: m[1], description: m[2] });
  }
  return entries;
}

/** Codex shows descriptions with every run of whitespace collapsed to one space. */
export const collapse = (text) => `${text ?? ''}`.trim().replace(/\s+/g, ' ');

/**
 * Codex's answer for each SKILL.md under `root`: Map path -> { found, loads, listing, detail }.
 * `cases` carries what each file was meant to test (disable-model-invocation); `variantFound` is the set of
 * paths codex found in the variant workspace where duplicates have their own names.
 */
export function codexAnswers({ list, listings, root }) {
  const byPath = new Map();
  const inRoot = (p) => p.startsWith(`${root}${path.sep}`);
  for (const e of list.errors)
    if (inRoot(path.resolve(e.path))) byPath.set(path.resolve(e.path), { found: true, loads: false, error: e.message });
  for (const s of list.skills)
    if (inRoot(path.resolve(s.path))) byPath.set(path.resolve(s.path), { found: true, loads: true, skill: s });
  const answers = (entries) => {
    const out = new Map();
    for (const [file, a] of byPath) {
      if (!a.loads) {
        out.set(file, { found: true, loads: false, listing: null, detail: a.error });
        continue;
      }
      const entry = entries.get(file);
      if (!entry) {
        out.set(file, { found: true, loads: true, listing: 'dropped', detail: 'loaded, not in <skills_instructions>' });
        continue;
      }
      const full = collapse(a.skill.description);
      const shown = entry.description;
      const listing = shown === '' && full !== '' ? 'name-only' : shown === full ? 'full' : 'shortened';
      out.set(file, {
        found: true,
        loads: true,
        listing,
        detail: listing === 'shortened' ? `${[...shown].length} of ${[...full].length} characters shown` : undefined,
      });
    }
    return out;
  };
  return listings.map((l) => ({ ...l, answers: answers(parseCodexListing(l.text)) }));
}

export function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 1));
}
