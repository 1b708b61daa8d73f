/** The environment the client library starts the packaged sidecar with, read from the running process. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { SidecarClient } from '@redline/client';
import { packagedSidecar } from '../harness/packaged.js';

const clients: SidecarClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});

/** The variables of a running process, as the kernel holds them. */
function environOf(pid: number): Map<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

describe.runIf(process.platform === 'linux')('the sidecar process started by the client library', () => {
  it("runs with malloc's mmap threshold in GLIBC_TUNABLES and the client's own variables", async () => {
    const client = await packagedSidecar({});
    clients.push(client);
    const environ = environOf(client.child!.pid!);
    expect(environ.get('GLIBC_TUNABLES')?.split(':')).toContain('glibc.malloc.mmap_threshold=16384');
    expect(environ.get('PATH')).toBe(process.env.PATH);
  });
});
