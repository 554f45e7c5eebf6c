// Writing to stdout so that large results survive a pipe: the process ends on its own
// once the stream has drained, instead of process.exit() cutting it short.

/** Writes text to stdout and resolves when it has been handed to the OS. */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** Writes a message to stderr. */
export function writeErr(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : text + '\n');
}
