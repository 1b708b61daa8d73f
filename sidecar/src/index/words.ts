/**
 * The words retrieval matches on, pure: identifiers split at camelCase, snake_case, kebab-case and
 * digit boundaries (`assertCanReturn` → assert, can, return; `HTTPServer2` → http, server), lower
 * case, Porter-stemmed (the `stemmer` package) so an instruction's "returned" or "returns" meets `returnPolicy`.
 * Keywords and the words every instruction or doc comment has are dropped: they say nothing about
 * which declaration a request needs.
 */
import { stemmer } from 'stemmer';
import { detached } from '@redline/shared-protocol';

/** English glue words: dropped wherever they stand, in prose and inside identifiers (`isValid` → valid). */
const ENGLISH = new Set(
  (
    'a an the and or not no nor of to in on at by for from with without into onto as is are was were be been being it its this that these those ' +
    'there here then than so if else when while do does did done can could should would will shall may might must has have had ' +
    'i we you he she they me my our your their us them all any each every some such only also just very more most less ' +
    'make makes made get gets set sets please instead sure what which who how why where after before about'
  ).split(' '),
);

/**
 * Keywords of the indexed languages: dropped from code when they are the whole identifier (`return
 * x;`), kept inside one (`createReturn`) and in prose, where "check the return" means a return.
 */
const KEYWORDS = new Set(
  (
    'return const let var def fn func fun val pub mut impl struct enum trait interface type package import export new ' +
    'public private protected internal static final void int string bool boolean true false null nil none undefined self super async await ' +
    'try catch finally throw throws raise except break continue case switch default extends implements override abstract readonly function class ' +
    'lambda yield pass elif del global nonlocal go defer chan select range map match loop where crate mod use ref move unsafe dyn object companion data when is in as'
  ).split(' '),
);

/** The parts of one identifier: camelCase humps, acronyms kept together, digits dropped. */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/** Abbreviations code writes for words an instruction spells out (`logCmdErr` → log, command, error). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  err: 'error', cmd: 'command', msg: 'message', ctx: 'context', cfg: 'config', conf: 'config', db: 'database', str: 'string',
  num: 'number', arg: 'argument', args: 'arguments', param: 'parameter', params: 'parameters', req: 'request', res: 'response',
  resp: 'response', dir: 'directory', repo: 'repository', util: 'utility', utils: 'utilities', auth: 'authentication', init: 'initialize',
  conn: 'connection', env: 'environment', opts: 'options', opt: 'option', impl: 'implementation', tmp: 'temporary', src: 'source',
  dst: 'destination', addr: 'address', idx: 'index', len: 'length', prev: 'previous', val: 'value', btn: 'button', img: 'image',
};

/** Stems already computed: a workspace repeats its vocabulary, and the stemmer's rules cost more than a lookup. */
const STEMS = new Map<string, string>();
const MAX_STEMS = 50_000;

/** The Porter stem of a word, after its abbreviation is spelled out: "returned" and "returns" meet "return". */
export function stem(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    if (STEMS.size >= MAX_STEMS) STEMS.clear();
    stemmed = stemmer(Object.hasOwn(ABBREVIATIONS, word) ? ABBREVIATIONS[word] : word);
    STEMS.set(detached(word), detached(stemmed));
  }
  return stemmed;
}

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/**
 * The words of a text, stemmed, in order, repeats kept (term frequency matters). `prose` (an
 * instruction) keeps keywords; code (outlines, the selection) drops a keyword standing alone.
 */
export function wordsOf(text: string, prose = false): string[] {
  const out: string[] = [];
  for (const identifier of text.match(IDENTIFIER) ?? []) {
    const parts = splitIdentifier(identifier);
    for (const part of parts) {
      if (part.length < 2 || ENGLISH.has(part)) continue;
      if (!prose && parts.length === 1 && KEYWORDS.has(part)) continue;
      out.push(stem(part));
    }
  }
  return out;
}

/** The distinct words of a path's directories and file name (`src/returns/returnPolicy.ts` → src, return, policy). */
export function pathWords(path: string): string[] {
  const withoutExtension = path.replace(/\.[A-Za-z0-9]+$/, '');
  return [...new Set(wordsOf(withoutExtension.replace(/[\\/.\-]/g, ' '), true))];
}
