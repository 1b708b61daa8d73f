import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineInput, parseHunkAnswer, parseVerdict, summaryLine, unchangedLine, verdicts, type Dialog } from './prompt.js';

/** A dialog over scripted answers that records what was settled, as the sidecar would see it. */
function scripted(answers: string[], hunkCount: number) {
  const settled: Array<{ accept: boolean; line?: number }> = [];
  const said: string[] = [];
  const asked: string[] = [];
  // Hunks start at lines 10, 20, 30…; a settled hunk leaves the pending list.
  let pending = Array.from({ length: hunkCount }, (_, i) => (i + 1) * 10);
  const dialog: Dialog = {
    ask: async (question) => {
      asked.push(question);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected question ${question}`);
      return answer;
    },
    say: (text) => said.push(text),
    settle: async (accept, line) => {
      settled.push({ accept, ...(line === undefined ? {} : { line }) });
      pending = line === undefined ? [] : pending.filter((l) => l !== line);
    },
    hunks: Array.from({ length: hunkCount }, (_, i) => `hunk ${i + 1}`),
    firstHunkLine: () => pending[0],
  };
  return { dialog, settled, said, asked };
}

describe('verdicts', () => {
  it('accept all and reject all settle everything at once', async () => {
    for (const [answer, accepted] of [['a', 3], ['R', 0], [' accept ', 3]] as const) {
      const s = scripted([answer], 3);
      expect(await verdicts(s.dialog)).toBe(accepted);
      expect(s.settled).toEqual([{ accept: accepted > 0 }]);
    }
  });

  it('asks again on anything else, with the keys for a wrong answer and nothing for an empty one', async () => {
    const s = scripted(['', 'yes', '?', 'r'], 2);
    expect(await verdicts(s.dialog)).toBe(0);
    expect(s.asked).toEqual(Array(4).fill('2 hunks: accept all, reject all, or hunk by hunk? [a/r/h] '));
    expect(s.said.filter((t) => t.startsWith('a - accept every hunk'))).toHaveLength(2);
  });

  it('walks the hunks in order: y and n settle the one shown, by one of its lines', async () => {
    const s = scripted(['h', 'y', 'n', 'y'], 3);
    expect(await verdicts(s.dialog)).toBe(2);
    expect(s.settled).toEqual([{ accept: true, line: 10 }, { accept: false, line: 20 }, { accept: true, line: 30 }]);
    expect(s.said).toEqual(['hunk 1', 'hunk 2', 'hunk 3']);
    expect(s.asked.slice(1)).toEqual(['(1/3) Accept this hunk [y,n,q,a,d,?]? ', '(2/3) Accept this hunk [y,n,q,a,d,?]? ', '(3/3) Accept this hunk [y,n,q,a,d,?]? ']);
  });

  it('a and d settle the rest at once; q is d', async () => {
    const cases: Array<[string[], number, Array<{ accept: boolean; line?: number }>]> = [
      [['h', 'n', 'a'], 2, [{ accept: false, line: 10 }, { accept: true }]],
      [['h', 'y', 'd'], 1, [{ accept: true, line: 10 }, { accept: false }]],
      [['h', 'y', 'q'], 1, [{ accept: true, line: 10 }, { accept: false }]],
      [['h', 'a'], 3, [{ accept: true }]],
    ];
    for (const [answers, accepted, settled] of cases) {
      const s = scripted(answers, 3);
      expect(await verdicts(s.dialog)).toBe(accepted);
      expect(s.settled).toEqual(settled);
    }
  });

  it('? and unknown keys print the keys and ask about the same hunk again', async () => {
    const s = scripted(['h', '?', 'k', '', 'y'], 1);
    expect(await verdicts(s.dialog)).toBe(1);
    expect(s.asked.filter((q) => q.startsWith('(1/1)'))).toHaveLength(4);
    expect(s.said.filter((t) => t.includes('q - quit; reject this hunk and all later ones'))).toHaveLength(2);
  });
});

describe('answers and the closing line', () => {
  it('knows the listed answers only', () => {
    expect(['a', 'r', 'h', '?', 'x', ''].map(parseVerdict)).toEqual(['accept', 'reject', 'hunks', 'help', null, null]);
    expect(['y', 'n', 'q', 'a', 'd', '?', 'yes', 'j'].map(parseHunkAnswer)).toEqual([
      { accept: true, rest: false },
      { accept: false, rest: false },
      { accept: false, rest: true },
      { accept: true, rest: true },
      { accept: false, rest: true },
      'help',
      null,
      null,
    ]);
  });

  it('says how many hunks were accepted and what happened to the file', () => {
    expect(summaryLine(2, 3, 'a.py', true)).toBe('redline: 2 of 3 hunks accepted; wrote a.py');
    expect(summaryLine(0, 1, 'a.py', false)).toBe('redline: 0 of 1 hunk accepted; a.py unchanged');
  });

  it('ends a refusal with one punctuation mark: the file a sentence of its own after a message that ends one', () => {
    expect(unchangedLine('Connection refused: cannot reach the model server at http://127.0.0.1:9. Is Ollama running?', 'a.ts')).toBe(
      'redline: Connection refused: cannot reach the model server at http://127.0.0.1:9. Is Ollama running? a.ts unchanged.',
    );
    expect(unchangedLine('No answer for 5 s: the model server at http://h sent nothing (/api/chat).', 'a.ts')).toBe('redline: No answer for 5 s: the model server at http://h sent nothing (/api/chat). a.ts unchanged.');
    expect(unchangedLine('error', 'a.ts')).toBe('redline: error; a.ts unchanged');
    for (const message of ['A.', 'B?', 'c']) expect(unchangedLine(message, 'f')).not.toMatch(/[.!?][.;]/);
  });
});

describe('LineInput', () => {
  it('keeps answers piped ahead of their questions, echoes them, and reports the end of input', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (d) => (written += d));
    const lines = new LineInput(input, output, false, () => undefined);
    input.end('a\nb\n');
    await new Promise((r) => setTimeout(r, 10));
    const signal = new AbortController().signal;
    expect(await lines.ask('1? ', signal)).toBe('a');
    expect(await lines.ask('2? ', signal)).toBe('b');
    expect(await lines.ask('3? ', signal)).toBeNull();
    expect(written).toBe('1? a\n2? b\n3? \n');
    lines.close();
  });

  it('rejects a pending question when its signal aborts', async () => {
    const lines = new LineInput(new PassThrough(), new PassThrough(), false, () => undefined);
    const abort = new AbortController();
    const pending = lines.ask('? ', abort.signal);
    abort.abort(new Error('interrupted'));
    await expect(pending).rejects.toThrow('interrupted');
    lines.close();
  });

  it('without an input, every question meets the end of input', async () => {
    expect(await new LineInput(null, new PassThrough(), false, () => undefined).ask('? ', new AbortController().signal)).toBeNull();
  });
});
