/**
 * The document-sync checksum (FNV-1a 32 over UTF-16 code units) on a 10 MB document, the cost a
 * client and the sidecar each pay per checked didChange. Side by side in the same run: the floor (a
 * bare pass reading every code unit) and a peer (zlib's native CRC-32, which needs the text encoded
 * to UTF-8 first). Run with `npx tsx bench/checksum.bench.ts`; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';
import { textChecksum } from '@redline/shared-protocol';

const RUNS = 7;

function document(units: number): string {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < units; i++) {
    const line = `    total_${i} = sum(item.price * item.quantity for item in basket_${i % 97})  # é`;
    lines.push(line);
    size += line.length + 1;
  }
  // Built from pieces, a string may be a rope: flatten it as an editor's or the mirror's text is.
  return Buffer.from(lines.join('\n') + '\n', 'utf8').toString('utf8');
}

function timed(run: () => number): number {
  const times = Array.from({ length: RUNS }, () => {
    const t0 = performance.now();
    if (run() === -1) throw new Error('unreachable');
    return performance.now() - t0;
  });
  return Math.round(times.sort((a, b) => a - b)[RUNS >> 1] * 10) / 10;
}

function floor(text: string): number {
  let sink = 0;
  for (let i = 0; i < text.length; i++) sink = (sink + text.charCodeAt(i)) | 0;
  return sink;
}

export async function runChecksumBench(): Promise<Record<string, number | string>> {
  const text = document(10_000_000);
  const label = `${(text.length / 1e6).toFixed(1)} M code units`;
  return {
    [`${label}: textChecksum (FNV-1a 32, UTF-16 units), ms (median of ${RUNS})`]: timed(() => textChecksum(text)),
    [`${label}: floor, one pass reading every code unit, ms`]: timed(() => floor(text)),
    [`${label}: peer, zlib crc32 of the UTF-8 encoding (encoding included), ms`]: timed(() => crc32(Buffer.from(text, 'utf8'))),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runChecksumBench();
  const width = Math.max(...Object.keys(results).map((k) => k.length));
  for (const [k, v] of Object.entries(results)) console.log(`${k.padEnd(width)}  ${v}`);
}
