import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from './log';

const Settings = z.object({ port: z.number(), host: z.string() });

export type Settings = z.infer<typeof Settings>;

export async function loadSettings(dir: string, log: Logger): Promise<Settings> {
  const text = await readFile(join(dir, 'settings.json'), 'utf8');
  const settings = Settings.parse(JSON.parse(text));
  log.info(`settings from ${dir}`);
  return settings;
}
