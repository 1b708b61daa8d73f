import { writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocumentStore } from '../server/documents.js';
import { writeProject } from './definitions/projectFixture.js';
import { openDocumentsOf, ProjectIndex, STAT_TTL_MS } from './sourceIndex.js';
import { WorkspaceFiles } from './workspace.js';

describe('ProjectIndex', () => {
  it('outlines an open document from the mirror, at its version, not from disk', async () => {
    const root = writeProject({ 'a.ts': 'export const onDisk = 1;\n' });
    const documents = new DocumentStore();
    const index = new ProjectIndex(new WorkspaceFiles([root]), openDocumentsOf(() => documents.all()));
    const uri = pathToFileURL(join(root, 'a.ts')).href;
    documents.open({ textDocument: { uri, languageId: 'typescript', version: 1, text: 'export const inEditor = 1;\n' } });
    expect([...(await index.file(join(root, 'a.ts')))!.declarations.keys()]).toEqual(['inEditor']);
    documents.change({ textDocument: { uri, version: 2 }, contentChanges: [{ text: 'export function typed() {}\n' }] });
    expect([...(await index.file(join(root, 'a.ts')))!.declarations.keys()]).toEqual(['typed']);
  });

  it('keeps a file’s outline until the disk says it changed, and sees the change once its stamp is old', async () => {
    const root = writeProject({ 'b.ts': 'export const first = 1;\n' });
    const index = new ProjectIndex(new WorkspaceFiles([root]), openDocumentsOf(() => []));
    const path = join(root, 'b.ts');
    const before = await index.file(path);
    expect(await index.file(path)).toBe(before);
    writeFileSync(path, 'export const second = 2;\n');
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    // Within the stamp's lifetime the cached outline answers; after it, one request is served from the cache while the stamp is asked again.
    expect([...(await index.file(path))!.declarations.keys()]).toEqual(['first']);
    await new Promise((resolve) => setTimeout(resolve, STAT_TTL_MS + 100));
    // The stamp is asked again in the background: wait for the outline to follow, not for a fixed time.
    let names: string[] = [];
    for (let tries = 0; tries < 500 && names[0] !== 'second'; tries++) {
      names = [...(await index.file(path))!.declarations.keys()];
      if (names[0] !== 'second') await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(names).toEqual(['second']);
  });
});
