import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@redline/shared-protocol';
import { SettingsStore } from './settings.js';

describe('SettingsStore', () => {
  it('merges patches over the defaults and tells listeners', () => {
    const store = new SettingsStore();
    const seen: number[] = [];
    store.onChange((s) => seen.push(s.maxLines));
    store.update({ maxLines: 12, endpoint: 'http://127.0.0.1:8080/v1' });
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, maxLines: 12, endpoint: 'http://127.0.0.1:8080/v1' });
    expect(seen).toEqual([12]);
  });

  it('ignores unknown keys and values of the wrong type', () => {
    const store = new SettingsStore();
    store.update({ maxLines: '9' as unknown as number, debounceWait: null as unknown as number, surprise: 1 } as never);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });
});
