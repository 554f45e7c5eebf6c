// Copilot CLI oracle: `copilot skill list --json` (found and loaded, de-duplicated; load errors on
// stderr) and the <available_skills> block of the system message that `copilot -p` sends to a
// loopback OpenAI chat-completions mock (the model-visible listing), both offline.
import http from 'node:http';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

function env(home, xdgCache, extra = {}) {
  return {
    ...process.env,
    HOME: home,
    XDG_CACHE_HOME: xdgCache,
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    NO_COLOR: '1',
    ...extra,
  };
}

/** `copilot skill list --json`: { skills: [{name, description, source, path (folder), enabled}], errors: [{path, message}] }. */
export function copilotSkillList(bin, { home, cwd, xdgCache }) {
  const r = spawnSync(bin, ['skill', 'list', '--json'], {
    cwd,
    env: env(home, xdgCache),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: 180_000,
  });
  if (r.status !== 0)
    throw new Error(`copilot skill list --json failed (exit ${r.status}): ${`${r.stderr}`.slice(-500)}`);
  let skills;
  try {
    skills = JSON.parse(r.stdout);
  } catch {
    throw new Error(`copilot skill list --json: stdout is not JSON: ${r.stdout.slice(0, 300)}`);
  }
  const errors = [];
  for (const line of `${r.stderr}`.split('\n')) {
    const m = line.match(/^\s*•\s+(.*?SKILL\.md): (.*)$/);
    // The path is relative to the working folder when the file is below it, else absolute.
    if (m) errors.push({ path: path.resolve(cwd, m[1]), message: m[2] });
  }
  return { skills, errors, stderr: r.stderr };
}

const xmlUnescape = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Runs `copilot -p` against an in-process loopback mock; returns { block, requests, stdout, stderr, code }. */
export async function copilotListing(bin, { home, cwd, xdgCache, timeoutMs = 180_000 }) {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      requests.push({ method: req.method, url: req.url, body: json });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'mock-model', object: 'model' }] }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const base = { id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'mock-model' };
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: 'OK' }, finish_reason: null }] })}\n\n`,
      );
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  try {
    const extra = { COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`, COPILOT_MODEL: 'mock-model' };
    const out = await new Promise((resolve) => {
      const p = spawn(bin, ['-p', 'say OK', '--allow-all-tools'], {
        cwd,
        env: env(home, xdgCache, extra),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (d) => (stdout += d));
      p.stderr.on('data', (d) => (stderr += d));
      const t = setTimeout(() => p.kill(), timeoutMs);
      p.on('close', (code) => {
        clearTimeout(t);
        resolve({ code, stdout, stderr });
      });
    });
    const chat = requests.find((r) => r.body?.messages);
    if (!chat)
      throw new Error(
        `copilot -p sent no chat request to the mock (exit ${out.code}): ${`${out.stderr}${out.stdout}`.slice(-500)}`,
      );
    const first = chat.body.messages[0];
    const system =
      typeof first.content === 'string' ? first.content : (first.content ?? []).map((c) => c.text ?? '').join('');
    const i = system.indexOf('<available_skills>');
    const j = system.indexOf('</available_skills>');
    const block = i >= 0 && j > i ? system.slice(i, j + '</available_skills>'.length) : null;
    return { ...out, block };
  } finally {
    server.close();
  }
}

/** The listing: { full: Map name -> description (unescaped), nameOnly: Set name }. */
export function parseCopilotBlock(block) {
  const full = new Map();
  const nameOnly = new Set();
  if (!block) return { full, nameOnly, unnamed: 0 };
  for (const m of block.matchAll(
    /<skill>\n {2}<name>(.*?)<\/name>\n {2}<description>([\s\S]*?)<\/description>\n {2}<location>(.*?)<\/location>\n<\/skill>/g,
  )) {
    full.set(xmlUnescape(m[1]), xmlUnescape(m[2]));
  }
  // The names line is itself capped: past some length it ends with `... and N more`, and those N are not named.
  const additional = block.match(/^Additional skills available \(invoke by name\): (.*?)(?:\.\.\. and (\d+) more)?$/m);
  if (additional) for (const name of additional[1].split(', ')) if (name.trim()) nameOnly.add(name.trim());
  return { full, nameOnly, unnamed: additional?.[2] ? Number(additional[2]) : 0 };
}

/** Copilot's answer for each SKILL.md under `root`: Map path -> { found, loads, listing, detail }. */
export function copilotAnswers({ list, block, root }) {
  const listing = parseCopilotBlock(block);
  const out = new Map();
  const inRoot = (p) => p.startsWith(`${root}${path.sep}`);
  for (const e of list.errors) {
    const file = path.resolve(e.path);
    if (inRoot(file)) out.set(file, { found: true, loads: false, listing: null, detail: e.message });
  }
  for (const s of list.skills) {
    const file = path.resolve(s.path, 'SKILL.md');
    if (!inRoot(file)) continue;
    let form = 'dropped';
    let detail =
      listing.unnamed > 0
        ? `loaded, not named in <available_skills> (its names line ends "... and ${listing.unnamed} more")`
        : 'loaded, not in <available_skills>';
    if (listing.full.has(s.name)) {
      const shown = listing.full.get(s.name);
      form = shown === s.description ? 'full' : 'shortened';
      detail = form === 'shortened' ? `${shown.length} of ${s.description.length} characters shown` : undefined;
    } else if (listing.nameOnly.has(s.name)) {
      form = 'name-only';
      detail = undefined;
    }
    out.set(file, { found: true, loads: true, listing: form, detail, name: s.name });
  }
  return { answers: out, listing };
}
