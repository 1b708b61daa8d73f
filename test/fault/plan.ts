/**
 * One fault session, drawn from a seed: a document (head, the region's baseline, tail), the
 * model's proposal and the fault that wraps or breaks its reply, the user's edits during the
 * stream and while the proposal waits, how the client answers renders, and the verdict.
 *
 * Every line carries an id (`h3`, `b0`, `p2`, …) as its first word, so the oracle can tell any
 * line of the outcome by name: a kept baseline line is copied into the proposal with its id and
 * text, a changed or new line gets a new id.
 */
import type { Reply } from '@redline/model-double';
import { Random } from '../harness/random.js';

export const FAULT_KINDS = [
  'none',
  'reindent',
  'think',
  'fence',
  'chatter',
  'slowDrip',
  'truncated',
  'empty',
  'refused',
  'http429',
  'http500',
  'stall',
  'garbage',
  'cut',
  'kill',
  /** The reply goes on far past its token limit (a server that ignores it), ending as if the model had stopped. */
  'overLimit',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The faults after which the session must end as `error`. */
export const ERROR_FAULTS: readonly FaultKind[] = ['refused', 'http429', 'http500', 'stall', 'garbage', 'cut', 'overLimit'];

export type EditKind =
  | 'typeAbove'
  | 'typeBelow'
  | 'typeInside'
  | 'insertAbove'
  | 'insertBelow'
  | 'insertInside'
  | 'deleteAbove'
  | 'deleteBelow'
  | 'deleteInside'
  | 'pasteInside'
  | 'splitInside'
  /** The stale-render typing pattern: on the streaming line, then on the line typed on before. */
  | 'typeStreaming'
  | 'typeAgain';

export interface UserEdit {
  kind: EditKind;
  /** Milliseconds after the previous edit (or the start of the phase). */
  delayMs: number;
  /** Where on the line typing goes: right after the line's id, or at its end. */
  anchor: 'afterId' | 'end';
  /** Chooses the line among the candidates when the edit is made. */
  pick: number;
}

export type Verdict = 'accept' | 'reject' | 'perHunk' | 'cancel' | 'reEdit';

export interface Round {
  /** The proposal's lines as the model means them; the reply wraps them per the fault. */
  proposal: string[];
  reply: Reply;
  streamEdits: UserEdit[];
  /** Cancel after this many ms of streaming. */
  cancelAtMs: number | null;
  pendingEdits: UserEdit[];
  /** An edit sent right after the verdict request, before its answer. */
  editDuringVerdict: UserEdit | null;
  verdict: Verdict;
  /** Per-hunk verdicts: which hunk next (mod the hunks left), and accept or reject. */
  hunkPicks: Array<{ pick: number; accept: boolean; line: number }>;
}

export interface SessionPlan {
  seed: number;
  fault: FaultKind;
  provider: 'ollama' | 'openai';
  head: string[];
  baseline: string[];
  tail: string[];
  finalNewline: boolean;
  /** The document's line break; the model replies with LF either way. */
  eol: '\n' | '\r\n';
  /** The selection, as offsets into the baseline's first and last lines. */
  selection: { startCharacter: number; endAtNextLine: boolean };
  rounds: Round[];
  /** Kill the sidecar after this many ms of streaming. */
  killAtMs: number | null;
  /**
   * `staleTyping`: the client types on the streaming line before applying the second render and on
   * that line again before the third, answering both stale (typing that must survive exactly once).
   */
  answers: { staleRate: number; editBeforeAnswerRate: number; echo: boolean; staleTyping: boolean };
}

const WORDS = ['alpha', 'beta', 'gamma', '(x)', '{', '}', 'return', '1;', 'é', '😀', 'naïve', '=>', 'sum'];

export function planSession(seed: number, options: { kill: boolean; staleTyping?: boolean } = { kill: true }): SessionPlan {
  const rng = new Random(seed);
  const fault = rng.weighted<FaultKind>([
    ['none', 14],
    ['reindent', 8],
    ['think', 5],
    ['fence', 5],
    ['chatter', 6],
    ['slowDrip', 6],
    ['truncated', 6],
    ['empty', 3],
    ['refused', 3],
    ['http429', 3],
    ['http500', 3],
    ['stall', 4],
    ['garbage', 4],
    ['cut', 5],
    ['kill', options.kill ? 3 : 0],
    ['overLimit', 4],
  ]);
  const ids = { h: 0, b: 0, t: 0, p: 0 };
  const line = (prefix: keyof typeof ids, indent: string) => `${indent}${prefix}${ids[prefix]++} ${words(rng)}`;
  const head = Array.from({ length: rng.int(0, 4) }, () => line('h', ''));
  const baseline = Array.from({ length: rng.int(1, 8) }, () => line('b', indentOf(rng)));
  // The region's shared indentation is exactly two spaces, so a re-indented reply maps back onto it.
  if (!baseline.some(atSharedIndent)) {
    const i = rng.int(0, baseline.length - 1);
    baseline[i] = `  ${baseline[i].trimStart()}`;
  }
  const tail = Array.from({ length: rng.int(0, 4) }, () => line('t', ''));
  const rounds: Round[] = [round(rng, fault, proposalFrom(rng, baseline, () => line('p', indentOf(rng))))];
  // The refusal comes within milliseconds, from lines no oracle names: the user does not type into them.
  if (fault === 'overLimit') rounds[0] = { ...rounds[0], streamEdits: [], cancelAtMs: null };
  const verdict = rounds[0].verdict;
  if (verdict === 'reEdit') {
    // The second proposal is drawn when the re-edit is made, from the baseline side as it is then.
    rounds.push(round(rng, 'none', []));
    if (rounds[1].verdict === 'reEdit') rounds[1].verdict = 'accept';
  }
  const provider = rng.chance(0.5) ? 'ollama' : 'openai';
  const plan: SessionPlan = {
    seed,
    fault,
    provider,
    head,
    baseline,
    tail,
    finalNewline: rng.chance(0.8),
    eol: rng.chance(0.2) ? '\r\n' : '\n',
    selection: { startCharacter: rng.int(0, 3), endAtNextLine: rng.chance(0.5) },
    rounds,
    killAtMs: fault === 'kill' ? rng.int(5, 120) : null,
    answers: {
      staleRate: rng.chance(0.6) ? 0 : rng.int(5, 30) / 100,
      editBeforeAnswerRate: rng.chance(0.7) ? 0 : rng.int(5, 20) / 100,
      echo: rng.chance(0.5),
      staleTyping: rng.chance(0.2) || options.staleTyping === true,
    },
  };
  // Typing on the streaming line meets the stream dropping it when the reply is a chat answer: the
  // prose line the user typed on is gone once the fence arrives.
  if (plan.answers.staleTyping && fault === 'none') {
    const reply = rounds[0].reply;
    rounds[0].reply = { ...reply, text: `Sure! Here is the rewritten code:\n\n\`\`\`\n${reply.text}\`\`\`\n\nThis keeps the ids as they were.`, chunkSize: rng.int(1, 20) };
  }
  return plan;
}

/** A second proposal for a re-edit, from the lines the model is shown then (ids kept). */
export function proposalForReEdit(seed: number, shown: string[]): string[] {
  const rng = new Random(seed ^ 0x5eed);
  let q = 0;
  return proposalFrom(rng, shown, () => `${indentOf(rng)}q${q++} ${words(rng)}`);
}

function round(rng: Random, fault: FaultKind, proposal: string[]): Round {
  const verdict = rng.weighted<Verdict>([
    ['accept', 30],
    ['reject', 20],
    ['perHunk', 25],
    ['cancel', 8],
    ['reEdit', 12],
  ]);
  return {
    proposal,
    reply: replyFor(rng, fault, proposal),
    streamEdits: edits(rng, rng.int(0, 4), 120),
    cancelAtMs: rng.chance(0.07) ? rng.int(0, 150) : null,
    pendingEdits: edits(rng, rng.weighted([[0, 4], [1, 3], [2, 2], [3, 1]]), 30),
    editDuringVerdict: rng.chance(0.2) ? edits(rng, 1, 0)[0] : null,
    verdict,
    hunkPicks: Array.from({ length: 12 }, () => ({ pick: rng.int(0, 1000), accept: rng.chance(0.5), line: rng.int(0, 1000) })),
  };
}

function edits(rng: Random, count: number, maxDelayMs: number): UserEdit[] {
  return Array.from({ length: count }, () => ({
    kind: rng.weighted<EditKind>([
      ['typeInside', 35],
      ['typeAbove', 8],
      ['typeBelow', 8],
      ['insertAbove', 5],
      ['insertBelow', 5],
      ['insertInside', 6],
      ['deleteAbove', 3],
      ['deleteBelow', 3],
      ['deleteInside', 5],
      ['pasteInside', 5],
      ['splitInside', 4],
    ]),
    delayMs: rng.int(0, maxDelayMs),
    anchor: rng.chance(0.5) ? 'afterId' : 'end',
    pick: rng.int(0, 1000),
  }));
}

/** The proposal: the lines kept in order, some replaced, dropped or added, always some change. */
export function proposalFrom(rng: Random, baseline: readonly string[], fresh: () => string): string[] {
  const out: string[] = [];
  for (const line of baseline) {
    const r = rng.next();
    if (r < 0.1) out.push(fresh(), line);
    else if (r < 0.6) out.push(line);
    else if (r < 0.85) out.push(fresh());
    // else: dropped
  }
  const unchanged = out.length === baseline.length && out.every((l, i) => l === baseline[i]);
  if (unchanged) out.splice(rng.int(0, out.length), 0, fresh());
  // The first line sits at the shared two-space indentation: a reply cut short still has it.
  if (!atSharedIndent(out[0])) out.unshift(`  ${fresh().trimStart()}`);
  return out;
}

function replyFor(rng: Random, fault: FaultKind, proposal: readonly string[]): Reply {
  const text = proposal.join('\n') + '\n';
  const chunkSize = rng.int(1, 40);
  const delayMs = rng.chance(0.5) ? 0 : rng.int(1, 12);
  const base: Reply = { text, chunkSize, delayMs };
  const chunks = Math.max(1, Math.ceil(Array.from(text).length / chunkSize));
  switch (fault) {
    case 'reindent':
      return { ...base, text: proposal.map((l) => `    ${l}`).join('\n') + '\n' };
    case 'think':
      return { ...base, text: `<think>The user wants a rewrite.\nKeep the ids.</think>\n${text}` };
    case 'fence':
      return { ...base, text: '```ts\n' + text + '```\n' };
    case 'chatter':
      return { ...base, text: 'Sure, here it is:\n```ts\n' + text + '```\nHope that helps.\n' };
    case 'slowDrip':
      return { text, chunkSize: rng.int(8, 24), delayMs: rng.int(30, 80) };
    case 'truncated':
      return { ...base, text: text.slice(0, cutOutsideIds(text, rng.int(1, text.length - 1))) };
    case 'empty':
      return { ...base, text: '' };
    case 'http429':
      return { text: '', status: 429, errorBody: { error: 'rate limit exceeded: slow down' } };
    case 'http500':
      return { text: '', status: 500, errorBody: { error: { message: 'the model crashed' } } };
    case 'stall':
      return { ...base, stallAfterChunks: rng.int(0, chunks) };
    case 'garbage':
      return { ...base, malformedAfterChunks: rng.int(0, chunks), garbage: Uint8Array.from([...Array.from({ length: rng.int(1, 12) }, () => rng.int(0, 255)), 10]) };
    case 'cut':
      return { ...base, cutAfterChunks: rng.int(0, chunks) };
    case 'kill':
      return { text, chunkSize: rng.int(2, 10), delayMs: rng.int(5, 20) };
    case 'overLimit':
      // 64 KB more, far past the limit of any region the plan draws (2,000 tokens at most).
      return { text: text + Array.from({ length: 800 }, (_, i) => `  p${1000 + i} ${'x'.repeat(70)}\n`).join(''), chunkSize: 1024, delayMs: 1 };
    default:
      return base;
  }
}

/**
 * Where a reply is cut short: inside a new line of the proposal, after its id (every line that
 * arrives keeps its whole id), or at a line's start (a kept line is never cut: it would be another
 * line under the same id).
 */
function cutOutsideIds(text: string, cut: number): number {
  const lineStart = text.lastIndexOf('\n', cut - 1) + 1;
  const head = /^\s*(\S+) /.exec(text.slice(lineStart));
  const inside = head !== null && /^[pq]\d/.test(head[1]) && cut > lineStart + head[0].length;
  if (inside) return cut;
  // The first line always arrives: a reply cut to nothing is the "empty" fault.
  return lineStart > 0 ? lineStart : text.indexOf('\n') + 1;
}

/** The proposal's lines the sidecar ends up with when the reply is cut short: what arrived, blank tail dropped. */
export function truncatedProposal(replyText: string): string[] {
  const lines = replyText.split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/** Exactly two spaces of indentation: the region's shared indentation. */
export const atSharedIndent = (line: string) => /^ {2}\S/.test(line);

function indentOf(rng: Random): string {
  return '  ' + '  '.repeat(rng.weighted([[0, 6], [1, 3], [2, 1]]));
}

function words(rng: Random): string {
  return Array.from({ length: rng.int(1, 4) }, () => rng.pick(WORDS)).join(' ');
}
