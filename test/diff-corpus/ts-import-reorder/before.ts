import { join } from 'node:path';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import type { Logger } from './log';

const Settings = z.object({ port: z.number(), host: z.string() });

export async function loadSettings(dir: string, log: Logger) {
  const text = await readFile(join(dir, 'settings.json'), 'utf8');
  const settings = Settings.parse(JSON.parse(text));
  log.info(`settings from ${dir}`);
  return settings;
}
