import { describe, expect, it } from 'vitest';
import { pathWords, splitIdentifier, stem, wordsOf } from './words.js';

describe('identifier words', () => {
  it('splits camelCase, PascalCase, acronyms, snake_case and digits', () => {
    expect(splitIdentifier('assertCanReturn')).toEqual(['assert', 'can', 'return']);
    expect(splitIdentifier('HTTPServer2Config')).toEqual(['http', 'server', 'config']);
    expect(splitIdentifier('parse_json_body')).toEqual(['parse', 'json', 'body']);
    expect(splitIdentifier('MAX_FILE_BYTES')).toEqual(['max', 'file', 'bytes']);
  });

  it('stems plural and verb endings so an instruction meets a name', () => {
    expect(['returned', 'returns', 'returning', 'submitting', 'policies', 'classes', 'status'].map(stem)).toEqual(['return', 'return', 'return', 'submit', 'policy', 'class', 'status']);
  });

  it('drops a keyword standing alone in code but keeps it inside a name, and in prose', () => {
    expect(wordsOf('return createReturn(request);')).toEqual(['create', 'return', 'request']);
    expect(wordsOf('check that the return is allowed before submitting', true)).toEqual(['check', 'return', 'allow', 'submit']);
    expect(wordsOf('isValid getUser')).toEqual(['valid', 'user']);
  });

  it('takes a path’s folders and file name, each word once', () => {
    expect(pathWords('src/returns/returnPolicy.ts')).toEqual(['src', 'return', 'policy']);
    expect(pathWords('pkg/http-client/client_test.go')).toEqual(['pkg', 'http', 'client', 'test']);
  });
});
