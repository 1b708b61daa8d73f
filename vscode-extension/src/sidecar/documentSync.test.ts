import { describe, expect, it } from 'vitest';
import type { DidChangeTextDocumentParams } from '@redline/shared-protocol';
import { ChecksumSchedule, documentText, type LiveDocument } from './documentSync';

const URI = 'file:///projects/shop/a.ts';
const change = (version: number, uri = URI): DidChangeTextDocumentParams => ({ textDocument: { uri, version }, contentChanges: [{ text: 'x' }] });

describe('ChecksumSchedule', () => {
  it('puts the FNV-1a checksum of the text at the change event into that version\'s didChange', () => {
    const schedule = new ChecksumSchedule(() => 0);
    let text = 'foobar';
    schedule.changed(URI, 2, text.length, () => text);
    // The live document moves on before the client writes the didChange of version 2.
    text = 'foobar and more';
    // The protocol README's vector: "foobar" → 0xbf9cf968.
    expect(schedule.attach(change(2))).toEqual({ ...change(2), checksum: 0xbf9cf968 });
    // Taken once: a second send of the same version (a restart) carries none.
    expect(schedule.attach(change(2))).toEqual(change(2));
  });

  it('takes one at most once a second per document, and for a large document once per millisecond per thousand code units', () => {
    let now = 0;
    const schedule = new ChecksumSchedule(() => now);
    const read: string[] = [];
    const changed = (version: number, length = 10, uri = URI) => schedule.changed(uri, version, length, () => (read.push(`${uri}@${version}`), 'text'));
    changed(2);
    now = 999;
    changed(3);
    changed(3, 10, 'file:///projects/shop/b.ts');
    now = 1000;
    changed(4);
    now = 4000;
    changed(5, 3_000_000);
    now = 6999;
    changed(6, 3_000_000);
    now = 7000;
    changed(7, 3_000_000);
    expect(read).toEqual([`${URI}@2`, 'file:///projects/shop/b.ts@3', `${URI}@4`, `${URI}@5`, `${URI}@7`]);
  });

  it('attaches nothing to other versions, and drops a checksum whose didChange was never sent', () => {
    const schedule = new ChecksumSchedule(() => 0, 0);
    schedule.changed(URI, 5, 4, () => 'text');
    expect(schedule.attach(change(4))).toEqual(change(4));
    expect(schedule.attach(change(5, 'file:///projects/shop/b.ts'))).toEqual(change(5, 'file:///projects/shop/b.ts'));
    expect(schedule.attach(change(6))).toEqual(change(6));
    expect(schedule.attach(change(5))).toEqual(change(5));
  });

  it('forgets a closed document: its next change is due at once', () => {
    let now = 0;
    const schedule = new ChecksumSchedule(() => now);
    schedule.changed(URI, 2, 4, () => 'text');
    schedule.forget(URI);
    expect(schedule.attach(change(2))).toEqual(change(2));
    now = 10;
    schedule.changed(URI, 1, 4, () => 'a');
    expect(schedule.attach(change(1)).checksum).toBe(0xe40c292c);
  });
});

/** A document whose text and version the test changes, and a client that reports sent changes when told. */
function fixture(text: string, version: number) {
  const doc = { text, version, getText: () => doc.text };
  const sent = new Map<number, () => void>();
  let sentUpTo = version - 1;
  const whenSent = (_uri: string, v: number) => (v <= sentUpTo ? Promise.resolve(true) : new Promise<boolean>((resolve) => sent.set(v, () => resolve(true))));
  const send = (v: number) => {
    sentUpTo = v;
    for (const [w, wake] of sent) if (w <= v) (sent.delete(w), wake());
  };
  return { doc, whenSent, send, find: (uri: string): LiveDocument | undefined => (uri === URI ? doc : undefined) };
}

describe('documentText', () => {
  it('answers the text and version once the change of that version has been written', async () => {
    const f = fixture('a\nb\n', 7);
    let answer: unknown = null;
    const asked = documentText(URI, f.find, f.whenSent).then((a) => (answer = a));
    await Promise.resolve();
    expect(answer).toBeNull();
    f.send(7);
    await asked;
    expect(answer).toEqual({ version: 7, text: 'a\nb\n' });
  });

  it('reads again when the document moved on while it waited', async () => {
    const f = fixture('a', 3);
    const asked = documentText(URI, f.find, f.whenSent);
    f.doc.text = 'ab';
    f.doc.version = 4;
    f.send(3);
    await new Promise((resolve) => setImmediate(resolve));
    f.send(4);
    expect(await asked).toEqual({ version: 4, text: 'ab' });
  });

  it('answers at once when everything was written, and refuses a document that is not open', async () => {
    const f = fixture('x', 2);
    f.send(2);
    expect(await documentText(URI, f.find, f.whenSent)).toEqual({ version: 2, text: 'x' });
    await expect(documentText('file:///projects/shop/closed.ts', f.find, f.whenSent)).rejects.toThrow('is not open');
  });
});
