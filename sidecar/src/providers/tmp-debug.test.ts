import { it } from 'vitest';
import { createServer } from 'node:net';
import { request } from 'undici';
it('x', async () => {
  const s = createServer((c) => { console.log('conn', c.remotePort); c.on('end', () => console.log('server end', c.remotePort)); });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const ctl = new AbortController();
  setTimeout(() => { console.log('abort'); ctl.abort(); }, 300);
  try { await request(`http://127.0.0.1:${(s.address() as any).port}/x`, { method: 'POST', body: '{}', signal: ctl.signal, headersTimeout: 0, bodyTimeout: 0 }); } catch (e) { console.log('err', (e as any).name); }
  await new Promise((r) => setTimeout(r, 1500));
});
