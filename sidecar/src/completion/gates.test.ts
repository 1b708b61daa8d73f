import { describe, expect, it } from 'vitest';
import { awaitingTyping, completionOff, isMidWord, isStale } from './gates.js';

describe('isMidWord', () => {
  it('is true only between two word characters', () => {
    expect(isMidWord('const fo', 'o = 1')).toBe(true);
    expect(isMidWord('const foo', '')).toBe(false);
    expect(isMidWord('const foo', ')')).toBe(false);
    expect(isMidWord('call(', 'x')).toBe(false);
    expect(isMidWord('const é', 'ß')).toBe(true);
  });
});

describe('completionOff', () => {
  const on = { completionEnabled: true, completionDisabledLanguages: '' };

  it('is off everywhere when completion is off, and in the listed languages whatever their case and separators', () => {
    expect(completionOff({ ...on, completionEnabled: false }, 'kotlin')).toBe(true);
    expect(completionOff(on, 'kotlin')).toBe(false);
    const listed = { ...on, completionDisabledLanguages: ' Markdown,plaintext  json ' };
    expect(['markdown', 'plaintext', 'json', 'MARKDOWN'].map((id) => completionOff(listed, id))).toEqual([true, true, true, true]);
    expect(completionOff(listed, 'typescript')).toBe(false);
    expect(completionOff(listed, 'mark')).toBe(false);
  });
});

describe('awaitingTyping', () => {
  const after = { automatic: true, enableSubsequentCompletions: false, acceptedAtVersion: 5, version: 5 };

  it('holds an automatic request right after an accept when subsequent completions are off', () => {
    expect(awaitingTyping(after)).toBe(true);
  });

  it('lets requests through once the user typed, when invoked, or when subsequent completions are on', () => {
    expect(awaitingTyping({ ...after, version: 6 })).toBe(false);
    expect(awaitingTyping({ ...after, automatic: false })).toBe(false);
    expect(awaitingTyping({ ...after, enableSubsequentCompletions: true })).toBe(false);
    expect(awaitingTyping({ ...after, acceptedAtVersion: undefined })).toBe(false);
  });
});

describe('isStale', () => {
  const live = { id: 3, latestId: 3, cancelled: false, version: 7, currentVersion: 7 };

  it('keeps the newest, uncancelled answer for an unchanged document', () => {
    expect(isStale(live)).toBe(false);
  });

  it.each([{ latestId: 4 }, { cancelled: true }, { currentVersion: 8 }, { currentVersion: undefined }])('drops it when %j', (patch) => {
    expect(isStale({ ...live, ...patch })).toBe(true);
  });
});
