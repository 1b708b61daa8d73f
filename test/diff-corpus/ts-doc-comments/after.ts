import { readFile } from 'node:fs/promises';

/** One row of the listing: a file name and its size in bytes. */
export interface Entry {
  name: string;
  size: number;
}

/**
 * Reads a CSV listing of `name,size` rows.
 * Blank lines and rows without a name are skipped.
 */
export async function loadEntries(path: string): Promise<Entry[]> {
  const text = await readFile(path, 'utf8');
  const entries: Entry[] = [];
  for (const line of text.split('\n')) {
    // A row is "name,size"; the size may be missing.
    const [name, size] = line.split(',');
    if (!name) continue;
    entries.push({ name, size: Number(size) });
  }
  return entries;
}

/** Sum of every entry's size. */
export function totalSize(entries: Entry[]): number {
  return entries.reduce((sum, entry) => sum + entry.size, 0);
}
