// The extensionTestsPath module: VS Code's extension host calls run() once the
// workbench is up; when it rejects, the workbench exits with code 1. The runner
// passes the test modules to run in SKILLSMITH_HOST_TESTS (a JSON array of paths).
import { report } from './channel';
import { runModules } from './runner';

export async function run(): Promise<void> {
  const modules = JSON.parse(process.env.SKILLSMITH_HOST_TESTS ?? '[]') as string[];
  if (modules.length === 0) throw new Error('SKILLSMITH_HOST_TESTS names no test module');
  const grep = process.env.SKILLSMITH_HOST_GREP || undefined;
  const totals = await runModules(modules, grep);
  // A suite that runs nothing proves nothing (with --grep, the runner decides).
  if (totals.passed + totals.failed === 0 && !grep) {
    totals.failed++;
    report({ event: 'fail', name: 'the suite', error: 'ran no test' });
  }
  report({ event: 'done', ...totals });
  if (totals.failed > 0) throw new Error(`${totals.failed} host test(s) failed`);
}
