// console.log in the remote extension host never reaches the runner's output;
// this does (printed as "· text" under the running test).
import { report } from '../channel';

/** Prints `text` in the host-test output. */
export function hostLog(text: string): void {
  report({ event: 'log', text });
}
