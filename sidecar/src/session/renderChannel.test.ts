import { afterEach, describe, expect, it, vi } from 'vitest';
import { textChecksum, type RenderParams, type RenderResult } from '@redline/shared-protocol';
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
  const warnings: string[] = [];
  const errors: string[] = [];
  /** What the client answers to redline/documentText, and how often it was asked. */
  const client = { text: 'a\nb\n', version: 1, asked: 0, hold: null as Promise<void> | null };
  const channels = new RenderChannels(
    docs,
    {
      applyRender: (params) => {
        sent.push(params);
        return new Promise((resolve) => (answer = resolve));
      },
      documentText: async () => {
        client.asked++;
        const answer = { version: client.version, text: client.text };
        await client.hold;
        return answer;
      },
    },
    { ...quiet, warn: (m: string) => warnings.push(m), error: (m: string) => errors.push(m) },
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
  return { docs, events, sent, channels, plan, client, warnings, errors, answer: (r: RenderResult) => answer(r) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

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

  it("heals a mirror whose checksum differs: fetches the client's text once, logs once, and keeps the changes sent after it", async () => {
    const t = setup();
    // The client's copy went its own way (a change never reported): its text now reads "A\nb\n".
    t.client.text = 'A\nb\nc\n';
    t.client.version = 3;
    let release: () => void = () => undefined;
    t.client.hold = new Promise((resolve) => (release = resolve));
    t.channels.didChange({ textDocument: { uri: 'u', version: 3 }, contentChanges: [{ range: { start: at(2, 0), end: at(2, 0) }, text: 'c\n' }], checksum: textChecksum('A\nb\nc\n') });
    expect(t.warnings).toHaveLength(1);
    expect(t.warnings[0]).toMatch(/checksum mismatch/);
    // Changes arriving while the text is on its way are held: one the text includes, one after it.
    await tick();
    t.channels.didChange({ textDocument: { uri: 'u', version: 3 }, contentChanges: [{ range: { start: at(2, 0), end: at(2, 0) }, text: 'c\n' }] });
    t.channels.didChange({ textDocument: { uri: 'u', version: 4 }, contentChanges: [{ range: { start: at(0, 1), end: at(0, 1) }, text: '!' }], checksum: textChecksum('A!\nb\nc\n') });
    release();
    await t.channels.idle('u');
    expect(t.client.asked).toBe(1);
    expect(t.docs.get('u')!.buffer.getText()).toBe('A!\nb\nc\n');
    expect(t.docs.get('u')!.version).toBe(4);
    expect(t.warnings).toHaveLength(1);
  });

  it("refuses a didChange whose version is not newer than the mirror's, logs an error and fetches the client's text instead", async () => {
    const t = setup();
    const insert = (version: number, text: string) => ({ textDocument: { uri: 'u', version }, contentChanges: [{ range: { start: at(0, 1), end: at(0, 1) }, text }] });
    t.channels.didChange(insert(2, '!'));
    expect(t.docs.get('u')!.buffer.getText()).toBe('a!\nb\n');
    // The same change sent again, and one that reuses an older number: neither is applied.
    t.client.text = 'a!\nb\n';
    t.client.version = 2;
    let release: () => void = () => undefined;
    t.client.hold = new Promise((resolve) => (release = resolve));
    t.channels.didChange(insert(2, '!'));
    t.channels.didChange(insert(1, '?'));
    expect(t.docs.get('u')!.buffer.getText()).toBe('a!\nb\n');
    expect(t.errors).toHaveLength(2);
    expect(t.errors[0]).toMatch(/refused a didChange to version 2, not newer than the mirror's version 2/);
    expect(t.errors[1]).toMatch(/version 1, not newer than the mirror's version 2/);
    // No render goes out until the client's text is back; one fetch serves both refusals.
    const rendered = t.channels.render('u', 's', () => t.plan('R'));
    await tick();
    expect(t.client.asked).toBe(1);
    expect(t.sent).toHaveLength(0);
    release();
    await tick();
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0].version).toBe(2);
    t.answer({ applied: true, version: 3 });
    expect(await rendered).toBe('applied');
    expect(t.client.asked).toBe(1);
    expect(t.docs.get('u')!.buffer.getText()).toBe('aR!\nb\n');
  });

  it("takes the text of a client that restarted its numbering, and its changes from there on", async () => {
    const t = setup();
    t.channels.didChange({ textDocument: { uri: 'u', version: 5 }, contentChanges: [{ range: { start: at(1, 1), end: at(1, 1) }, text: '5' }] });
    // The client now counts from 1 again; the mirror is at 5. Its text at version 2 already has both edits.
    t.client.text = 'a\nb5\nx\n';
    t.client.version = 2;
    t.channels.didChange({ textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: { start: at(2, 0), end: at(2, 0) }, text: 'x\n' }] });
    expect(t.docs.get('u')!.buffer.getText()).toBe('a\nb5\n');
    await t.channels.idle('u');
    expect(t.docs.get('u')!.buffer.getText()).toBe('a\nb5\nx\n');
    expect(t.docs.get('u')!.version).toBe(2);
    t.channels.didChange({ textDocument: { uri: 'u', version: 3 }, contentChanges: [{ range: { start: at(0, 0), end: at(0, 0) }, text: '>' }] });
    expect(t.docs.get('u')!.buffer.getText()).toBe('>a\nb5\nx\n');
    expect(t.errors).toHaveLength(1);
  });

  it('ignores the checksums of a client that computes them differently, after one fetch and one more line of log', async () => {
    const t = setup();
    t.client.text = 'a\nb\nX';
    t.client.version = 2;
    t.channels.didChange({ textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: { start: at(2, 0), end: at(2, 0) }, text: 'X' }], checksum: 1 });
    await t.channels.idle('u');
    t.client.version = 3;
    t.channels.didChange({ textDocument: { uri: 'u', version: 3 }, contentChanges: [{ range: { start: at(2, 1), end: at(2, 1) }, text: 'Y' }], checksum: 1 });
    t.channels.didChange({ textDocument: { uri: 'u', version: 4 }, contentChanges: [{ range: { start: at(2, 2), end: at(2, 2) }, text: 'Z' }], checksum: 1 });
    await t.channels.idle('u');
    expect(t.client.asked).toBe(1);
    expect(t.warnings).toHaveLength(2);
    expect(t.warnings[1]).toMatch(/ignored/);
    expect(t.docs.get('u')!.buffer.getText()).toBe('a\nb\nXYZ');
  });

  it('stops waiting for a client that never sends its text: the next render goes out, held changes are applied, its checksums are no longer acted on', async () => {
    const t = setup();
    vi.useFakeTimers();
    t.client.hold = new Promise(() => undefined);
    t.channels.didChange({ textDocument: { uri: 'u', version: 2 }, contentChanges: [{ range: { start: at(2, 0), end: at(2, 0) }, text: 'c' }], checksum: 1 });
    const render = t.channels.render('u', 's', () => t.plan('X'));
    t.channels.didChange({ textDocument: { uri: 'u', version: 3 }, contentChanges: [{ range: { start: at(2, 1), end: at(2, 1) }, text: 'd' }], checksum: 2 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0].version).toBe(3);
    expect(t.warnings.filter((w) => /could not fetch u .*no answer within 5000 ms/.test(w))).toHaveLength(1);
    t.answer({ applied: true, version: 4 });
    expect(await render).toBe('applied');
    t.channels.didChange({ textDocument: { uri: 'u', version: 5 }, contentChanges: [{ range: { start: at(2, 3), end: at(2, 3) }, text: 'e' }], checksum: 3 });
    await t.channels.idle('u');
    expect(t.client.asked).toBe(1);
    expect(t.warnings).toHaveLength(2);
    expect(t.docs.get('u')!.buffer.getText()).toBe('aX\nb\ncde');
  });

  it('refuses stale changes of a client that never gave its text without asking it again, so its document is not held for good', async () => {
    const t = setup();
    vi.useFakeTimers();
    t.client.hold = new Promise(() => undefined);
    const stale = { textDocument: { uri: 'u', version: 1 }, contentChanges: [{ range: { start: at(0, 0), end: at(0, 0) }, text: '?' }] };
    t.channels.didChange(stale);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.client.asked).toBe(1);
    t.channels.didChange(stale);
    const render = t.channels.render('u', 's', () => t.plan('X'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.client.asked).toBe(1);
    expect(t.sent).toHaveLength(1);
    t.answer({ applied: true, version: 2 });
    expect(await render).toBe('applied');
    expect(t.docs.get('u')!.buffer.getText()).toBe('aX\nb\n');
    expect(t.errors).toHaveLength(2);
    expect(t.errors[1]).toMatch(/did not give its text before, so the mirror stays as it is/);
  });

  it('wakes whatever waits for a version of a document that closes before it arrives', async () => {
    const t = setup();
    const render = t.channels.render('u', 's', () => t.plan('X'));
    await tick();
    t.channels.didChange({ textDocument: { uri: 'u', version: 7 }, contentChanges: [{ text: 'typed\n' }] });
    let woken = false;
    t.channels.whenVersion('u', t.channels.receivedVersion('u'), () => (woken = true));
    t.docs.close('u');
    t.channels.forget('u');
    expect(woken).toBe(true);
    t.answer({ applied: true, version: 2 });
    expect(await render).toBe('applied');
  });

  it("fetches the client's text when the version a stale answer names never arrives", async () => {
    const t = setup();
    const first = t.channels.render('u', 's', () => t.plan('X'));
    await tick();
    // The client is at version 5, but the changes that got it there were lost on the way.
    t.client.text = 'lost\na\nb\n';
    t.client.version = 5;
    t.answer({ applied: false, version: 5 });
    expect(await first).toBe('stale');
    vi.useFakeTimers();
    const second = t.channels.render('u', 's', () => t.plan('Y'));
    await vi.advanceTimersByTimeAsync(2000);
    vi.useRealTimers();
    await tick();
    expect(t.client.asked).toBe(1);
    expect(t.sent[1].version).toBe(5);
    t.answer({ applied: true, version: 6 });
    expect(await second).toBe('applied');
    expect(t.docs.get('u')!.buffer.getText()).toBe('lYost\na\nb\n');
    expect(t.warnings[0]).toMatch(/did not arrive/);
  });
});
