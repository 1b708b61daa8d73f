import { describe, expect, it } from 'vitest';
import { answerProse, removedNames, saysWholeFile } from './answer.js';

describe('what the answer says', () => {
  it('is the prose around the block', () => {
    const answer = 'Here it is:\n\n```js\nconst a = 1;\n```\n\nDone.';
    expect(answerProse(answer, 'const a = 1;\n')).toBe('Here it is:\n\n```js\n```\n\nDone.');
    expect(answerProse('const a = 1;\n', 'const a = 1;\n')).toBe('');
  });

  it('calls the block the whole file', () => {
    for (const t of ['Here is the complete `ring.go` with the constructor moved up', "Here's the whole file flattened", 'Here is the full README reorganised', 'the entire updated module:']) expect(saysWholeFile(t), t).toBe(true);
    for (const t of ['Here is the full class with the accessor moved', 'The whole point is speed', 'Update the file as follows:', "Here's the updated file:", 'Here is the full README section on installing']) expect(saysWholeFile(t), t).toBe(false);
  });

  it('names what it removed, not what it kept or removed something from', () => {
    expect([...removedNames('I also removed the `get` override: `MutableMapping.get` already does this.')]).toEqual(['get']);
    expect([...removedNames('It replaces `argRequired()` and `argOptional()`, so I removed both of them.')]).toEqual(['argRequired', 'argOptional']);
    expect([...removedNames('I removed the debug logging from `save`.')]).toEqual([]);
    expect([...removedNames("I didn't remove `load`, it is still used.")]).toEqual([]);
    expect([...removedNames('This keeps `close` as it is.')]).toEqual([]);
  });
});
