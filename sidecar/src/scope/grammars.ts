/**
 * Loads the web-tree-sitter runtime and grammars. In the single executable the .wasm bytes are SEA
 * assets (named by file name, see wasmFiles.json, which the build script also reads); elsewhere they
 * come from node_modules. Everything is lazy and cached: the module itself is imported, and the runtime
 * initialised, on first use (not at start: `initialize` needs none of it), each grammar on its first use.
 */
import { createRequire } from 'node:module';
import type { Language, Parser } from 'web-tree-sitter';
import wasmFiles from './wasmFiles.json';

// The CJS bundle gets import.meta.url from a banner that the build script defines.
const nodeRequire = createRequire(import.meta.url);

const GRAMMAR_FILES: Readonly<Record<string, string>> = wasmFiles.grammars;

/** LSP languageIds with a grammar. */
export const SUPPORTED_LANGUAGE_IDS: readonly string[] = Object.keys(GRAMMAR_FILES);

function isSupportedLanguage(languageId: string): boolean {
  return Object.hasOwn(GRAMMAR_FILES, languageId);
}

/** File extensions of the languages with a grammar, for clients that send an id the sidecar does not know. */
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescriptreact',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascriptreact',
  py: 'python', pyi: 'python', java: 'java', kt: 'kotlin', kts: 'kotlin', go: 'go', rs: 'rust',
};

/**
 * The LSP specification's well-known languageIds (and VS Code's "plaintext"): a client that sends one
 * of them means it, grammar or not (a test may open a .ts file as plain text on purpose).
 */
const KNOWN_LANGUAGE_IDS: ReadonlySet<string> = new Set([
  'abap', 'bat', 'bibtex', 'clojure', 'coffeescript', 'c', 'cpp', 'csharp', 'css', 'd', 'delphi', 'diff', 'dart',
  'dockerfile', 'elixir', 'erlang', 'fsharp', 'git-commit', 'git-rebase', 'go', 'groovy', 'handlebars', 'haml',
  'haskell', 'html', 'ini', 'java', 'javascript', 'javascriptreact', 'json', 'latex', 'less', 'lua', 'makefile',
  'markdown', 'objective-c', 'objective-cpp', 'pascal', 'perl', 'perl6', 'php', 'plaintext', 'powershell', 'jade',
  'pug', 'python', 'r', 'razor', 'ruby', 'rust', 'scss', 'sass', 'scala', 'shaderlab', 'shellscript', 'sql',
  'swift', 'typescript', 'typescriptreact', 'tex', 'vb', 'xml', 'xsl', 'yaml',
]);

/**
 * The languageId a document is parsed as: the client's when it names a grammar or is a languageId LSP
 * knows; else (a client sending its own ids, e.g. "TypeScript JSX") the one its uri's extension
 * names; else the client's unchanged.
 */
export function resolveLanguageId(languageId: string, uri: string): string {
  if (isSupportedLanguage(languageId) || KNOWN_LANGUAGE_IDS.has(languageId)) return languageId;
  const path = uri.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return languageId;
  return LANGUAGE_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? languageId;
}

/** The SEA asset name of a module-relative .wasm path: its file name. */
export function assetName(modulePath: string): string {
  return modulePath.slice(modulePath.lastIndexOf('/') + 1);
}

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

function seaModule(): SeaModule | null {
  try {
    const sea = nodeRequire('node:sea') as SeaModule;
    return sea.isSea() ? sea : null;
  } catch {
    return null; // Node without node:sea: certainly not an executable.
  }
}

async function wasmBytes(modulePath: string): Promise<Uint8Array> {
  const sea = seaModule();
  if (sea) return new Uint8Array(sea.getAsset(assetName(modulePath)));
  const { readFile } = await import('node:fs/promises');
  return readFile(nodeRequire.resolve(modulePath));
}

type TreeSitter = typeof import('web-tree-sitter');

let runtime: Promise<TreeSitter> | null = null;
const languages = new Map<string, Promise<Language>>();
const parsers = new Map<string, Parser>();

function initRuntime(): Promise<TreeSitter> {
  if (!runtime) {
    runtime = Promise.all([import('web-tree-sitter'), wasmBytes(wasmFiles.runtime)]).then(async ([treeSitter, wasmBinary]) => {
      await treeSitter.Parser.init({ wasmBinary });
      return treeSitter;
    });
    runtime.catch(() => (runtime = null)); // a failed load is retried by the next caller
  }
  return runtime;
}

function loadLanguage(modulePath: string): Promise<Language> {
  let language = languages.get(modulePath);
  if (!language) {
    language = initRuntime().then(async ({ Language }) => Language.load(await wasmBytes(modulePath)));
    language.catch(() => languages.delete(modulePath)); // retried by the next caller
    languages.set(modulePath, language);
  }
  return language;
}

/**
 * The shared parser for a languageId, or null if there is no grammar for it. Parsing is synchronous,
 * so one parser per language is enough; callers must not delete it.
 */
export async function getParser(languageId: string): Promise<Parser | null> {
  if (!isSupportedLanguage(languageId)) return null;
  const cached = parsers.get(languageId);
  if (cached) return cached;
  const [{ Parser }, language] = await Promise.all([initRuntime(), loadLanguage(GRAMMAR_FILES[languageId])]);
  let parser = parsers.get(languageId); // a concurrent call may have got here first
  if (!parser) {
    parser = new Parser().setLanguage(language);
    parsers.set(languageId, parser);
  }
  return parser;
}

/**
 * Compiles the runtime and the given grammars ahead of the first request: the first parse in a
 * process is several times slower than later ones. Meant to run in the background after start.
 */
export async function warmUp(languageIds: readonly string[] = []): Promise<void> {
  await initRuntime();
  for (const languageId of languageIds) {
    (await getParser(languageId))?.parse('x')?.delete();
  }
}
