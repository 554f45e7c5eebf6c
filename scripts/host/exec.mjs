// Runs a long install command with its output prefixed and a heartbeat line, so a
// CI log shows progress (npm is silent for minutes while node-gyp compiles).
import { spawn } from 'node:child_process';

/** Runs `command args` and resolves when it exits 0; rejects with the output tail otherwise. */
export function runLogged(label, command, args, { env = process.env, cwd, log = console.log } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    log(`[host] ${label}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    const onData = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        log(`[host]   ${line}`);
        tail.push(line);
        if (tail.length > 40) tail.shift();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const heartbeat = setInterval(() => {
      log(`[host] ${label}: still running (${Math.round((Date.now() - started) / 1000)} s)`);
    }, 15_000);
    child.on('error', (error) => {
      clearInterval(heartbeat);
      reject(new Error(`${label}: could not start ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearInterval(heartbeat);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (code === 0) {
        log(`[host] ${label}: done in ${seconds} s`);
        resolve();
      } else {
        reject(new Error(`${label} failed (${signal ?? `exit ${code}`}) after ${seconds} s:\n${tail.join('\n')}`));
      }
    });
  });
}
