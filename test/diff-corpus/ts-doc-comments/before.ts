import { readFile } from 'node:fs/promises';

export interface Entry {
  name: string;
  size: number;
}

export async function loadEntries(path: string): Promise<Entry[]> {
  const text = await readFile(path, 'utf8');
  const entries: Entry[] = [];
  for (const line of text.split('\n')) {
    const [name, size] = line.split(',');
    if (!name) continue;
    entries.push({ name, size: Number(size) });
  }
  return entries;
}

export function totalSize(entries: Entry[]): number {
  return entries.reduce((sum, entry) => sum + entry.size, 0);
}
