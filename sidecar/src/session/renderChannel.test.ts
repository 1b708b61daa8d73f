import { describe, expect, it } from 'vitest';
import type { RenderParams, RenderResult } from '@redline/shared-protocol';
import { DocumentStore } from '../server/documents.js';
import { RenderChannels, type RenderPlan } from './renderChannel.js';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };
const at = (line: number, character: number) => ({ line, character });

function setup() {
  const docs = new DocumentStore();
  docs.open({ textDocument: { uri: 'u', languageId: 'ts', version: 1, text: 'a\nb\n' } });
  const events: string[] = [];
  docs.onChange((c) => events.push(`${c.origin ?? 'user'}:${c.text}@${c.version}`));
  let answer: (result: RenderResult) => void = () => undefined;
  const sent: RenderParams[] = [];
  const channels = new RenderChannels(
    docs,
    (params) => {
      sent.push(params);
      return new Promise((resolve) => (answer = resolve));
    },
    quiet,
  );
  const plan = (text: string): RenderPlan => ({
    params: {
      edits: [{ range: { start: at(0, 1), end: at(0, 1) }, newText: text }],
      decorations: { from: 0, runs: [], words: [], whitespace: [], streamingLine: null },
      hunks: [],
      undo: { group: 's', open: true, close: false },
    },
    commit: () => events.push(`commit:${text}`),
  });
  return { docs, events, sent, channels, plan, answer: (r: RenderResult) => answer(r) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RenderChannels', () => {
  it("drops the echo of an applied render, applies its edits as the session's own, then replays the user's later changes", async () => {
    const t = setup();
    const outcome = t.channels.render('u', 's', () => t.plan('X'));
    await tick();
    expect(t.sent[0].version).toBe(1);
    t.channels.didChange({ textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: { start: at(0, 1), end: at(0, 1) }, text: 'X' }] });
    t.channels.didChange({ textDocument: { uri: 'u', version: 3 }, contentChanges: [{ range: { start: at(1, 0), end: at(1, 0) }, text: 'typed' }] });
    expect(t.events).toEqual([]);
    t.answer({ applied: true, version: 2 });
    expect(await outcome).toBe('applied');
    expect(t.events).toEqual(['s:X@2', 'commit:X', 'user:typed@3']);
    expect(t.docs.get('u')!.buffer.getText()).toBe('aX\ntypedb\n');
  });

  it('on a stale answer every held change is the user\'s, and the next render waits for the version the client reported', async () => {
    const t = setup();
    const first = t.channels.render('u', 's', () => t.plan('X'));
    await tick();
    t.answer({ applied: false, version: 2 });
    expect(await first).toBe('stale');
    const second = t.channels.render('u', 's', () => t.plan('Y'));
    await tick();
    expect(t.sent).toHaveLength(1);
    t.channels.didChange({ textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: { start: at(0, 0), end: at(0, 0) }, text: '>' }] });
    await tick();
    expect(t.sent[1].version).toBe(2);
    t.answer({ applied: true, version: 3 });
    expect(await second).toBe('applied');
    expect(t.docs.get('u')!.buffer.getText()).toBe('>Ya\nb\n');
  });

  it('skips a render whose plan has nothing to do, without sending', async () => {
    const t = setup();
    expect(await t.channels.render('u', 's', () => null)).toBe('skipped');
    expect(t.sent).toHaveLength(0);
  });
});
