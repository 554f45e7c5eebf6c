// The one line a command finding says (docs/rules.md, "Security"): what the agent would do, the
// code that does it, and why it matters, with what to do instead. The body, a referenced file and
// a script say it alike; only the subject differs.
import type { ProblemCode } from '../base/types';
import type { CommandRisk } from './commandRisks';

/** Why each command technique matters, and what to do instead. */
const ADVICE: Readonly<Partial<Record<ProblemCode, string>>> = {
  'download-exec':
    "whatever the server sends runs at once with the user's rights, unread. Download the script, check it (or its checksum), then run it.",
  'destructive-delete':
    "one wrong variable or a run in the wrong place erases the user's files. Delete the exact paths that need deleting.",
  'reverse-shell': "it gives a remote machine a shell on the user's.",
  'obfuscated-exec': 'what runs cannot be read in the skill. Write the command out.',
  'world-writable':
    'any user or process of the machine can change these files. Grant only what is needed (755 for folders and programs, 644 for files).',
  'tls-verification-off':
    'a machine in between can read and change the traffic. Fix the certificate (or point to its CA) instead.',
  'credential-access': "a skill rarely needs the user's keys or passwords; if this one does, say why next to it.",
  exfiltration: 'secrets leave the machine. Send only the data the task needs.',
  'skip-confirmation':
    'that agent then runs whatever it decides without asking the user. Start it with its approvals on.',
};

/** The message of a command risk: `shown` is the code found, cut to 80 characters. */
export function riskMessage(
  subject: 'This command' | "This file's code" | 'This script',
  risk: Pick<CommandRisk, 'code' | 'what' | 'advice'>,
  shown: string,
): string {
  const code = shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
  const why = risk.advice ?? ADVICE[risk.code];
  return why ? `${subject} ${risk.what} (${code}): ${why}` : `${subject} ${risk.what} (${code}).`;
}
