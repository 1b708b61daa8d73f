import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGE_IDS, assetName, getParser, languageOfPath, resolveLanguageId, warmUp } from './grammars.js';
import wasmFiles from './wasmFiles.json';

const require = createRequire(import.meta.url);

describe('resolveLanguageId', () => {
  it('keeps an id that names a grammar, whatever the extension', () => {
    expect(resolveLanguageId('python', 'file:///a/build.ts')).toBe('python');
  });

  it('falls back to the extension of the uri for an id it does not know', () => {
    const cases: Record<string, string> = {
      'file:///src/App.tsx': 'typescriptreact', 'file:///src/view.JSX': 'javascriptreact', 'file:///a/b.mts': 'typescript',
      'file:///build.gradle.kts': 'kotlin', 'file:///lib.rs?x=1': 'rust', 'file:///c%3A/src/main.go': 'go',
    };
    for (const [uri, id] of Object.entries(cases)) expect(resolveLanguageId('TypeScript JSX', uri), uri).toBe(id);
  });

  it("keeps an id LSP knows even without a grammar, and an unknown id when the extension names no grammar", () => {
    expect(resolveLanguageId('plaintext', 'file:///src/a.ts')).toBe('plaintext');
    expect(resolveLanguageId('markdown', 'file:///README.md')).toBe('markdown');
    expect(resolveLanguageId('Shell Script', 'file:///.bashrc')).toBe('Shell Script');
    expect(resolveLanguageId('JAVA', 'file:///Main')).toBe('JAVA');
  });
});

describe('wasm files', () => {
  it('resolve to files in node_modules (the runtime script too), and distinct files have distinct asset names', () => {
    const paths = [...new Set([wasmFiles.runtime, wasmFiles.runtimeScript, ...Object.values(wasmFiles.grammars)])];
    for (const path of paths) expect(existsSync(require.resolve(path)), path).toBe(true);
    expect(new Set(paths.map(assetName)).size).toBe(paths.length);
  });
});

describe('getParser', () => {
  it('returns null for an unsupported language', async () => {
    expect(await getParser('plaintext')).toBeNull();
  });

  it.each(SUPPORTED_LANGUAGE_IDS)('parses %s', async (languageId) => {
    const parser = await getParser(languageId);
    expect(parser).not.toBeNull();
    const tree = parser!.parse('x');
    expect(tree?.rootNode.childCount).toBeGreaterThan(0);
    tree?.delete();
  });

  it('shares one parser per language, also between concurrent first calls', async () => {
    await warmUp(['go']);
    const [a, b] = await Promise.all([getParser('rust'), getParser('rust')]);
    expect(a).toBe(b);
    expect(await getParser('go')).toBe(await getParser('go'));
  });
});

describe('languageOfPath', () => {
  it('names the grammar of a file by its extension, on either kind of separator', () => {
    expect(languageOfPath('/p/src/a.tsx')).toBe('typescriptreact');
    expect(languageOfPath('C:\\p\\Main.KT')).toBe('kotlin');
    expect(languageOfPath('/p/.gitignore')).toBeNull();
    expect(languageOfPath('/p/notes.txt')).toBeNull();
  });
});
