import { describe, expect, it } from 'vitest';
import { NEAR_LINES, tabAction } from './tab';

const screen = [{ start: 0, end: 40 }];

describe('tabAction', () => {
  it('accepts a hunk on screen within a few lines of the caret, above or below', () => {
    expect(tabAction({ start: 3, end: 5 }, 1, screen)).toBe('accept');
    expect(tabAction({ start: 10, end: 12 }, 11, screen)).toBe('accept');
    expect(tabAction({ start: 1, end: 3 }, 2 + NEAR_LINES, screen)).toBe('accept');
  });
  it('jumps first to a hunk further away, though on screen', () => {
    expect(tabAction({ start: 2 + NEAR_LINES, end: 3 + NEAR_LINES }, 1, screen)).toBe('jump');
    expect(tabAction({ start: 0, end: 1 }, 1 + NEAR_LINES, screen)).toBe('jump');
  });
  it('jumps first to a hunk off screen, however near', () => {
    expect(tabAction({ start: 40, end: 42 }, 39, screen)).toBe('jump');
    expect(tabAction({ start: 3, end: 4 }, 3, [{ start: 10, end: 50 }])).toBe('jump');
  });
});
