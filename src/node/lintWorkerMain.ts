// A thread of `skillsmith validate`'s lint (lintPool.ts): it takes files from the shared counter
// and sends back each outcome, until no file is left; then it ends.
import { parentPort, workerData } from 'node:worker_threads';
import { BatchNodeFileSystem } from './nodeFileSystem';
import { fileLinter, lintTaken, type LintWorkerData, type LintWorkerMessage } from './lintPool';

const { files, next, options } = workerData as LintWorkerData;
const post = (message: LintWorkerMessage) => parentPort?.postMessage(message);
const lint = fileLinter(new BatchNodeFileSystem(), options, (warning) => post({ warning }));
// A failure (an outcome that cannot be sent) ends this thread: the main thread then lints what it took.
lintTaken(files, new Int32Array(next), lint, (index, outcome) => post({ index, outcome })).catch(() => process.exit(1));
