/**
 * Loads the web-tree-sitter runtime and grammars. In the single executable the runtime's script and the
 * .wasm bytes (gzipped) are SEA assets (named by file name, see wasmFiles.json, which the build script
 * also reads); elsewhere they come from node_modules. Everything is lazy and cached: the runtime is
 * evaluated and initialised on first use (not at start: `initialize` needs none of it), each grammar on
 * its first use. `releaseTreeSitter` drops the whole instance so that its memory can go back to the
 * system; the next use builds a fresh one.
 */
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';
import type { Language, Parser } from 'web-tree-sitter';
import wasmFiles from './wasmFiles.json';

let madeRequire: NodeJS.Require | null = null;
/** A require for this module's dependencies, made on first use: node:module is 0.5-1 ms of the executable's start. */
function nodeRequire(): NodeJS.Require {
  // The CJS bundle gets import.meta.url from a banner that the build script defines.
  madeRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url);
  return madeRequire;
}

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
  return languageOfPath(uri.replace(/[?#].*$/, '')) ?? languageId;
}

/** The languageId with a grammar that a file's extension names (`src/a.tsx` → typescriptreact), or null. */
export function languageOfPath(path: string): string | null {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(LANGUAGE_BY_EXTENSION, ext) ? LANGUAGE_BY_EXTENSION[ext] : null;
}

/** The SEA asset name of a module-relative .wasm path: its file name. */
export function assetName(modulePath: string): string {
  return modulePath.slice(modulePath.lastIndexOf('/') + 1);
}

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
  getAsset(key: string, encoding: string): string;
}

function seaModule(): SeaModule | null {
  try {
    const sea = nodeRequire()('node:sea') as SeaModule;
    return sea.isSea() ? sea : null;
  } catch {
    return null; // Node without node:sea: certainly not an executable.
  }
}

async function wasmBytes(modulePath: string): Promise<Uint8Array> {
  const sea = seaModule();
  // Gzipped in the executable (scripts/build-sea.mjs): fewer of its pages are read and stay resident.
  if (sea) return (nodeRequire()('node:zlib') as typeof import('node:zlib')).gunzipSync(sea.getAsset(assetName(modulePath)));
  const { readFile } = await import('node:fs/promises');
  return readFile(nodeRequire().resolve(modulePath));
}

type TreeSitter = typeof import('web-tree-sitter');

/**
 * A fresh copy of web-tree-sitter's CommonJS module. The library keeps its wasm instance in
 * module-level variables with no way to drop it, so the only way to give its memory back is to let
 * go of the whole module; `require` would return the cached one, hence the script is evaluated here.
 */
async function evaluateTreeSitter(): Promise<TreeSitter> {
  const sea = seaModule();
  let source: string;
  let filename: string;
  if (sea) {
    filename = assetName(wasmFiles.runtimeScript);
    source = sea.getAsset(filename, 'utf8');
  } else {
    filename = nodeRequire().resolve(wasmFiles.runtimeScript);
    const { readFile } = await import('node:fs/promises');
    source = await readFile(filename, 'utf8');
  }
  const module = { exports: {} as TreeSitter };
  const run = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
  run(module.exports, nodeRequire(), module, filename, dirname(filename));
  return module.exports;
}

/** One web-tree-sitter instance: its runtime, the grammars loaded into it, one parser per language. */
interface Instance {
  runtime: Promise<TreeSitter>;
  languages: Map<string, Promise<Language>>;
  parsers: Map<string, Parser>;
}

let instance: Instance | null = null;
let lastUse = 0;

function newInstance(): Instance {
  return {
    runtime: Promise.all([evaluateTreeSitter(), wasmBytes(wasmFiles.runtime)]).then(async ([treeSitter, wasmBinary]) => {
      await treeSitter.Parser.init({ wasmBinary });
      return treeSitter;
    }),
    languages: new Map(),
    parsers: new Map(),
  };
}

function currentInstance(): Instance {
  lastUse = performance.now();
  if (!instance) {
    const created: Instance = newInstance();
    created.runtime.catch(() => {
      if (instance === created) instance = null; // a failed load is retried by the next caller
    });
    instance = created;
  }
  return instance;
}

function loadLanguage(current: Instance, modulePath: string): Promise<Language> {
  let language = current.languages.get(modulePath);
  if (!language) {
    language = current.runtime.then(async ({ Language }) => Language.load(await wasmBytes(modulePath)));
    language.catch(() => current.languages.delete(modulePath)); // retried by the next caller
    current.languages.set(modulePath, language);
  }
  return language;
}

/**
 * The shared parser for a languageId, or null if there is no grammar for it. Parsing is synchronous,
 * so one parser per language is enough; callers must not delete it.
 */
export async function getParser(languageId: string): Promise<Parser | null> {
  return parserOf(currentInstance(), languageId);
}

/** Parsers for a batch of parses: a web-tree-sitter instance of the caller's own, whose memory goes once the caller lets go of it. */
export type ParserSource = (languageId: string) => Promise<Parser | null>;

/**
 * A web-tree-sitter instance of the caller's own. Its wasm memory grows to the largest text it
 * parsed and never shrinks while it lives: the index's crawl parses thousands of files, some large,
 * and that memory should go with the crawl rather than stay with the shared instance.
 */
export function ownParsers(): ParserSource {
  // Made on the first parse: a crawl that finds every file in its cache parses none.
  let own: Instance | null = null;
  return (languageId) => parserOf((own ??= newInstance()), languageId);
}

async function parserOf(current: Instance, languageId: string): Promise<Parser | null> {
  if (!isSupportedLanguage(languageId)) return null;
  const cached = current.parsers.get(languageId);
  if (cached) return cached;
  const [{ Parser }, language] = await Promise.all([current.runtime, loadLanguage(current, GRAMMAR_FILES[languageId])]);
  let parser = current.parsers.get(languageId); // a concurrent call may have got here first
  if (!parser) {
    parser = new Parser().setLanguage(language);
    current.parsers.set(languageId, parser);
  }
  return parser;
}

/** Milliseconds since the last `getParser` or `warmUp`, or null when no instance is loaded. */
export function treeSitterIdleMs(): number | null {
  return instance ? performance.now() - lastUse : null;
}

/**
 * Lets go of the web-tree-sitter instance: its wasm memory (which never shrinks while it lives), the
 * compiled runtime and grammars, the parsers. Trees made by it stay valid while someone holds them,
 * but the memory comes back only once nothing does: the syntax cache must be cleared too.
 */
export function releaseTreeSitter(): void {
  instance = null;
}

/**
 * Compiles the runtime and the given grammars ahead of the first request: the first parse in a
 * process is several times slower than later ones. Meant to run in the background after start.
 */
export async function warmUp(languageIds: readonly string[] = []): Promise<void> {
  await currentInstance().runtime;
  for (const languageId of languageIds) {
    (await getParser(languageId))?.parse('x')?.delete();
  }
}
