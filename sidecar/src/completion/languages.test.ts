import { describe, expect, it } from 'vitest';
import { docCommentCloser, isOffside, offsideBlock, textKind } from './languages.js';

describe('language facts', () => {
  it('decides YAML, Markdown and CSS (and its dialects) by text rules, the rest from the tree', () => {
    expect(['yaml', 'markdown', 'css', 'scss', 'typescript', 'toml'].map(textKind)).toEqual(['yaml', 'markdown', 'css', 'css', 'code', 'code']);
    expect(isOffside('python') && isOffside('yaml') && isOffside('fsharp') && !isOffside('go')).toBe(true);
  });

  it('knows doc-comment openers alone on a line', () => {
    expect(docCommentCloser('kotlin', '    /**', '')).toBe('*/');
    expect(docCommentCloser('python', '    """', 'def f():\n')).toBe('"""');
    expect(docCommentCloser('python', '    /**', '')).toBeUndefined();
    expect(docCommentCloser('yaml', '/**', '')).toBeUndefined();
  });

  it('does not take the closing quotes of a docstring for an opener', () => {
    expect(docCommentCloser('python', '    """', 'def f():\n    """\n    Docs.\n')).toBeUndefined();
    expect(docCommentCloser('python', '    """', 'def f():\n    """Docs."""\n\ndef g():\n')).toBe('"""');
  });

  it('finds the indentation-scoped block a line opens, and what continues it at its level', () => {
    expect(offsideBlock('python', 'if x:  # why')?.continues('else:')).toBe(true);
    expect(offsideBlock('python', 'def f():')?.continues('def g():')).toBe(false);
    expect(offsideBlock('python', 'x = {')).toBeNull();
    expect(offsideBlock('fsharp', 'let total items =')?.continues('let count items =')).toBe(false);
    expect(offsideBlock('fsharp', 'match shape with')?.continues('| Circle r -> r')).toBe(true);
    expect(offsideBlock('fsharp', '    if ok then')?.continues('    else')).toBe(true);
    expect(offsideBlock('fsharp', 'if a >= b')).toBeNull();
    expect(offsideBlock('yaml', 'steps:')?.continues('- run: x')).toBe(true);
    expect(offsideBlock('yaml', 'run: |')?.continues('- run: x')).toBe(false);
    expect(offsideBlock('yaml', 'name: x')).toBeNull();
    expect(offsideBlock('go', 'x:')).toBeNull();
  });
});
