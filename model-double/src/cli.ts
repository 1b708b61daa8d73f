/**
 * Runs the model double as its own process and prints its URL on stdout, for end-to-end tests and
 * manual runs: `npx tsx model-double/src/cli.ts --reply-file replies.json [--port 11434]`.
 * The file holds a list of replies served in order, or {"script": [...], "default": {...}}.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startModelDouble, type Reply } from './double.js';

const { values } = parseArgs({ options: { 'reply-file': { type: 'string' }, port: { type: 'string' } } });
const file = values['reply-file'];
const config: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : [];
const { script, fallback } = Array.isArray(config)
  ? { script: config as Reply[], fallback: undefined }
  : { script: (config as { script?: Reply[] }).script ?? [], fallback: (config as { default?: Reply }).default };

const double = await startModelDouble({ port: values.port ? Number(values.port) : 0 });
double.script(...script);
if (fallback) double.setDefault(fallback);
process.stdout.write(`${double.url}\n`);

const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
