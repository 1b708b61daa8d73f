/**
 * What a chat answer's text says around its code block: that the block is the whole file ("Here is
 * the complete `ring.go`"), and which declarations it removed ("I removed the `get` override").
 */

/** The answer without its code block: the prose around it. */
export function answerProse(answer: string, code: string): string {
  const at = code.trim() === '' ? -1 : answer.indexOf(code);
  return at < 0 ? (code === answer ? '' : answer) : answer.slice(0, at) + answer.slice(at + code.length);
}

const WHOLE_FILE = /\b(?:whole|complete|full|entire)\s+(?:(?:updated|new|final|rewritten)\s+)?(?:file|module|readme|document|`[^`\s]+\.[A-Za-z]{1,10}`)(?!\w|\s+(?:section|part|function|method|class|block|snippet|excerpt))/i;

/** Whether the text calls the block the whole file. */
export function saysWholeFile(prose: string): boolean {
  return WHOLE_FILE.test(prose);
}

const REMOVED = /\b(?:remov|delet|dropp?)\w*|\bgot rid of\b/i;
const NOT_REMOVED = /\b(?:not|never|no need|without|keep|kept|don't|didn't|doesn't)\b|n't\b/i;
const NAME = /`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?`/g;

/**
 * Names the text says were removed: backticked names in a sentence that says so (`get`, `Foo.bar`
 * → `bar`), before any "from" (what they were removed from stays).
 */
export function removedNames(prose: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of prose.split(/(?<=[.!?;])\s+|\n/)) {
    if (!REMOVED.test(sentence) || NOT_REMOVED.test(sentence)) continue;
    const before = sentence.split(/\bfrom\b/i)[0];
    for (const m of before.matchAll(NAME)) names.add(m[1].split('.').pop()!);
  }
  return names;
}
