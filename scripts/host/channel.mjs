// The runner's end of the test channel: a folder shared with the extension host.
// The in-host runner appends JSON events to events.jsonl (console.log in a remote
// extension host never reaches us) and drops requests (take a screenshot, click an
// element, read texts of the page) as files.
// The other end is test/host/channel.ts; keep the two in step.
import {
  existsSync,
  openSync,
  readSync,
  closeSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

// The in-host side polls for the answer: it must never see a half-written file.
function writeAtomic(file, text) {
  writeFileSync(file + '.tmp', text);
  renameSync(file + '.tmp', file);
}

/** Reads new complete lines of events.jsonl on each poll. */
function eventReader(file) {
  let offset = 0;
  let partial = '';
  return () => {
    if (!existsSync(file)) return [];
    const fd = openSync(file, 'r');
    const chunks = [];
    try {
      const buffer = Buffer.alloc(64 * 1024);
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, offset);
        if (read === 0) break;
        offset += read;
        chunks.push(Buffer.from(buffer.subarray(0, read)));
      }
    } finally {
      closeSync(fd);
    }
    const lines = (partial + Buffer.concat(chunks).toString('utf8')).split('\n');
    partial = lines.pop();
    return lines.filter(Boolean).map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return { event: 'log', text: line };
      }
    });
  };
}

/**
 * Polls `dir` every `intervalMs`: each event goes to `onEvent`; each request
 * `<id>.request.json` ({kind, ...}) is answered by `onRequest(request)` with
 * `<id>.done.json` (or `<id>.error.json`), which the in-host helper waits for.
 */
export function watchChannel(dir, { onEvent, onRequest, intervalMs = 150 }) {
  const readEvents = eventReader(join(dir, 'events.jsonl'));
  let busy = false;
  const poll = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const event of readEvents()) onEvent(event);
      for (const name of readdirSync(dir)
        .filter((n) => n.endsWith('.request.json'))
        .sort()) {
        const id = name.slice(0, -'.request.json'.length);
        const taken = join(dir, `${id}.taken.json`);
        renameSync(join(dir, name), taken);
        const request = JSON.parse(readFileSync(taken, 'utf8'));
        try {
          const result = await onRequest(request);
          writeAtomic(join(dir, `${id}.done.json`), JSON.stringify(result ?? {}));
        } catch (error) {
          writeAtomic(join(dir, `${id}.error.json`), JSON.stringify({ message: String(error?.message ?? error) }));
        }
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void poll(), intervalMs);
  return {
    /** One last poll (after the extension host exited), then stop. */
    async flush() {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 20));
      await poll();
    },
    stop: () => clearInterval(timer),
  };
}
