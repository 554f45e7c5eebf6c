// A thread of `skillsmith validate`'s lint (lintPool.ts): it loads the lint as soon as it starts,
// then, sent the files, takes them from the shared counter and sends back each outcome.
import { parentPort, workerData } from 'node:worker_threads';
import { BatchNodeFileSystem } from './nodeFileSystem';
import { fileLinter, lintTaken, type LintWorkerData, type LintWorkerMessage, type LintWorkerTask } from './lintPool';

const { options } = workerData as LintWorkerData;
const post = (message: LintWorkerMessage) => parentPort?.postMessage(message);
const lint = fileLinter(new BatchNodeFileSystem(), options, (warning) => post({ warning }));
parentPort?.on('message', ({ files, next }: LintWorkerTask) => {
  // A failure (an outcome that cannot be sent) ends this thread: the main thread then lints what it took.
  lintTaken(files, new Int32Array(next), lint, (index, outcome) => post({ index, outcome })).catch(() =>
    process.exit(1),
  );
});
