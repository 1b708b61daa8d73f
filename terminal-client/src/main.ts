/**
 * `redline edit` / `redline apply`: the terminal client. It spawns the packaged sidecar, streams
 * the red/green diff into the terminal, asks for a verdict, and writes the file only once the
 * proposal is settled — a pending proposal never reaches disk.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCommand, UsageError, USAGE, USAGE_HINT } from './args.js';
import { runSession } from './session.js';

const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };

async function main(): Promise<number> {
  try {
    const command = parseCommand(process.argv.slice(2), process.env, (path) => existsSync(resolve(process.env.INIT_CWD ?? process.cwd(), path)));
    if (command.kind === 'help') {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    return await runSession(command, io);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n${USAGE_HINT}\n`);
      return 2;
    }
    process.stderr.write(`redline: ${(err as Error).message.replace(/^redline: /, '')}\n`);
    return 1;
  }
}

process.exitCode = await main();
