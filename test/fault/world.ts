/**
 * The oracle of a fault session, independent of the sidecar: what the document must hold at the
 * end, built from what the harness knows — the original lines, the proposal it scripted, and every
 * edit the user made — never from the sidecar's state.
 *
 * Lines are known by their id (their first word). The baseline side is the original lines plus the
 * user's; the proposal side is the proposal's lines plus the user's. A line the user typed on or
 * inserted is the user's and belongs to both sides, so no verdict may take it. Reject, cancel, a
 * model error, a break, a killed sidecar ⇒ the baseline side; accept ⇒ the proposal side; per-hunk
 * verdicts move each hunk's lines to one side (from the hunk the user saw).
 */

export interface ExpectedLine {
  /** Its exact text, or null when only the user's markers on it are known. */
  text: string | null;
  markers: string[];
  /** The round whose proposal the line comes from (0: original or the user's). */
  round: number;
}

export type Outcome = 'baseline' | 'proposal';

const ID = /^\s*([hbtpqu]\d+)/;
const MARKER = /\/\*m\d+\*\//g;

/** A line's key: its id, or for a line of the user's without one, its first marker. */
export function keyOf(line: string): string | null {
  const id = ID.exec(line)?.[1];
  if (id) return id;
  const marker = line.match(MARKER)?.[0];
  return marker ? `~${marker}` : null;
}

export class World {
  private readonly lines = new Map<string, ExpectedLine>();
  readonly baselineSide = new Set<string>();
  readonly proposalSide = new Set<string>();
  /** Lines outside the region: on both sides from the start. */
  private readonly outside = new Set<string>();
  /** The user's lines: on both sides, whatever the verdict. */
  private readonly users = new Set<string>();
  /** Lines that must not be typed on again (one of their copies was). */
  private readonly guarded = new Set<string>();
  /**
   * Typing on the proposal's copy of a line still on the baseline side (shown green mid-stream):
   * a line of its own, unless the stream then lays the copy over the original (the round completes).
   */
  private readonly copies = new Map<string, { key: string; marker: string; anchor: 'afterId' | 'end'; round: number }>();
  /** Lines the user deleted: a green copy of one left in the document is a line of its own, never merged back into it. */
  private readonly deletedKeys = new Set<string>();
  private round = 0;
  /** Rounds whose proposal arrived whole, so its lines' exact texts are known. */
  private readonly complete = new Set<number>([0]);
  /** Orders that must hold among the lines that remain. */
  private readonly sequences: string[][] = [];
  private readonly pairs: Array<{ above?: string; key: string; below?: string }> = [];
  private markers = 0;
  /** The round in which each marker was typed. */
  private readonly markerRounds: number[] = [];
  private userLines = 0;

  constructor(head: readonly string[], baseline: readonly string[], tail: readonly string[]) {
    for (const text of [...head, ...tail]) this.add(keyOf(text)!, text, 0, true);
    for (const text of baseline) {
      this.add(keyOf(text)!, text, 0, false);
      this.baselineSide.add(keyOf(text)!);
    }
    this.sequences.push([...head, ...baseline, ...tail].map((t) => keyOf(t)!));
  }

  /** The model's proposal for round `round` (1, 2, …): its lines are the new proposal side. */
  propose(round: number, proposal: readonly string[]): void {
    // A new instruction rewrites the region as it is: what the user typed before is ordinary text
    // of its baseline now, which the new proposal may change (shown red, for the user to decide).
    if (round > 1) this.users.clear();
    this.round = round;
    this.proposalSide.clear();
    for (const key of this.outside) this.proposalSide.add(key);
    for (const text of proposal) {
      const key = keyOf(text)!;
      if (!this.lines.has(key)) this.add(key, text, round, false);
      this.proposalSide.add(key);
    }
    this.sequences.push(proposal.map((t) => keyOf(t)!));
  }

  /** The round's reply arrived whole and was laid out (the session reached pending). */
  completed(round: number): void {
    this.complete.add(round);
    for (const [copyKey, copy] of this.copies) {
      if (copy.round !== round || this.deletedKeys.has(copy.key)) continue;
      this.copies.delete(copyKey);
      this.lines.delete(copyKey);
      this.users.delete(copyKey);
      this.baselineSide.delete(copyKey);
      this.proposalSide.delete(copyKey);
      this.typed(copy.key, copy.marker, copy.anchor);
    }
  }

  text(key: string): string | null {
    return this.lines.get(key)?.text ?? null;
  }

  has(key: string): boolean {
    return this.lines.has(key);
  }

  /** The user typed on it (or on a copy of it) already. */
  isUsers(key: string): boolean {
    return this.users.has(key) || this.guarded.has(key);
  }

  /** A line of the user's that typing again is known to land on: not a typed copy of another line, nor one with a copy. */
  retypable(key: string): boolean {
    return this.users.has(key) && !this.copies.has(key) && !this.guarded.has(key) && this.lines.has(key);
  }

  /** The user deleted line `key` (its green copy mid-stream may still be in the document). */
  wasDeleted(key: string): boolean {
    return this.deletedKeys.has(key);
  }

  onBaselineSide(key: string): boolean {
    return this.baselineSide.has(key);
  }

  isOutside(key: string): boolean {
    return this.outside.has(key);
  }

  /** A line's key in this world: a line of the user's known by its marker (a typed copy of another line), else `keyOf`. */
  keyOfLine(line: string): string | null {
    const own = (line.match(MARKER) ?? []).find((m) => this.lines.has(`~${m}`));
    return own ? `~${own}` : keyOf(line);
  }

  /**
   * Every marker handed out so far, each typed into the document once; `kept`: those no verdict may
   * take out — typed since the latest proposal (a re-edit's proposal may rewrite earlier typing,
   * which is ordinary text of its baseline by then).
   */
  typedMarkers(): { all: string[]; kept: string[] } {
    const all = this.markerRounds.map((_, i) => `/*m${i}*/`);
    return { all, kept: all.filter((_, i) => this.markerRounds[i] === this.round) };
  }

  newMarker(): string {
    this.markerRounds.push(this.round);
    return `/*m${this.markers++}*/`;
  }

  newUserId(): string {
    return `u${this.userLines++}`;
  }

  /**
   * The user typed `marker` on line `key`, right after its id or at its end; `copy`: on the
   * proposal's green copy of a line that is also on the baseline side.
   */
  typed(key: string, marker: string, anchor: 'afterId' | 'end', copy = false): void {
    if (copy) {
      this.add(`~${marker}`, null, this.round, false, [marker]);
      this.makeUsers(`~${marker}`);
      this.copies.set(`~${marker}`, { key, marker, anchor, round: this.round });
      this.guarded.add(key);
      return;
    }
    const line = this.lines.get(key);
    if (!line) {
      // A line of no id (chatter shown mid-stream): the user's from now on, known by the marker.
      this.add(`~${marker}`, null, 0, false, [marker]);
      this.makeUsers(`~${marker}`);
      return;
    }
    if (line.text !== null) {
      const at = anchor === 'afterId' ? ID.exec(line.text)![0].length : line.text.length;
      line.text = line.text.slice(0, at) + marker + line.text.slice(at);
    }
    line.markers.push(marker);
    this.makeUsers(key);
  }

  /** The user inserted a line between `above` and `below` (either may be absent). */
  inserted(text: string, above: string | undefined, below: string | undefined, outside: boolean): void {
    const key = keyOf(text)!;
    this.add(key, text, 0, outside);
    this.makeUsers(key);
    this.pairs.push({ above, key, below });
  }

  /** The user split line `key` after its id with a paste: the line keeps `first`, the last piece starts with `last`. */
  split(key: string, first: string, middle: readonly string[], last: string, copy = false): void {
    const line = copy ? undefined : this.lines.get(key);
    if (copy) {
      this.add(`~${first}`, null, 0, false, [first]);
      this.makeUsers(`~${first}`);
      this.guarded.add(key);
    }
    // Everything after the id, the user's earlier markers too, goes to the last piece.
    const moved = line?.markers.splice(0) ?? [];
    if (line) {
      line.text = null;
      line.markers.push(first);
      this.makeUsers(key);
    }
    let above = key;
    for (const text of middle) {
      this.inserted(text, above, undefined, false);
      above = keyOf(text)!;
    }
    this.add(`~${last}`, null, 0, false, [last, ...moved]);
    this.makeUsers(`~${last}`);
  }

  deleted(key: string): void {
    this.deletedKeys.add(key);
    this.baselineSide.delete(key);
    this.proposalSide.delete(key);
    this.users.delete(key);
    this.outside.delete(key);
  }

  /** A per-hunk verdict on the hunk the user saw: its red lines `removed`, its green lines `added`. */
  settledHunk(removed: readonly string[], added: readonly string[], accept: boolean): void {
    const [gone, kept] = accept ? [removed, added] : [added, removed];
    for (const key of gone) {
      if (this.users.has(key)) continue;
      this.baselineSide.delete(key);
      this.proposalSide.delete(key);
    }
    for (const key of kept) {
      this.baselineSide.add(key);
      this.proposalSide.add(key);
    }
  }

  /** What is wrong with `finalText` as the outcome's side; empty when it is right. */
  check(finalText: string, outcome: Outcome): string[] {
    const expected = outcome === 'baseline' ? this.baselineSide : this.proposalSide;
    const problems: string[] = [];
    const lines = finalText.split(/\r?\n/);
    if (lines[lines.length - 1] === '') lines.pop();
    const at = new Map<string, number>();
    const seenMarkers = new Map<string, number>();
    lines.forEach((line, i) => {
      for (const m of line.match(MARKER) ?? []) seenMarkers.set(m, (seenMarkers.get(m) ?? 0) + 1);
      const key = this.keyOfLine(line);
      if (!key) return void problems.push(`line ${i} should not be there: ${JSON.stringify(line)}`);
      if (at.has(key)) return void problems.push(`line ${key} is there twice (lines ${at.get(key)} and ${i})`);
      at.set(key, i);
      const want = this.lines.get(key);
      if (!want || !expected.has(key)) return void problems.push(`line ${i} should not be there: ${JSON.stringify(line)}`);
      if (want.text !== null && this.complete.has(want.round) && line !== want.text) {
        problems.push(`line ${key} should read ${JSON.stringify(want.text)}, not ${JSON.stringify(line)}`);
      }
      for (const m of want.markers) if (!line.includes(m)) problems.push(`line ${key} lost the user's ${m}: ${JSON.stringify(line)}`);
    });
    // A typed copy the stream laid over its original before the round ended: one line, the user's.
    const merged = new Set<string>();
    for (const [copyKey, copy] of this.copies) if (at.has(copyKey) && keyOf(lines[at.get(copyKey)!]) === copy.key) merged.add(copy.key);
    for (const key of expected) if (!at.has(key) && !merged.has(key)) problems.push(`line ${key} is missing${this.users.has(key) ? ' (the user typed it)' : ''}`);
    for (const [m, n] of seenMarkers) if (n > 1) problems.push(`the user's ${m} is there ${n} times`);
    // Order holds among the lines each side owns: the original's on the baseline side, the latest
    // proposal's on the proposal side (the user's lines sit where they were typed, between them).
    const [doc, ...proposals] = this.sequences;
    const latest = proposals[proposals.length - 1] ?? [];
    const ownLines = (p: string[], round: number) => p.filter((k) => this.lines.get(k)?.round === round);
    const orders = outcome === 'baseline' ? [doc, ...proposals.map((p, i) => ownLines(p, i + 1))] : [latest, doc.filter((k) => !latest.includes(k))];
    for (const sequence of orders) {
      const positions = sequence.map((key) => at.get(key)).filter((p): p is number => p !== undefined);
      if (positions.some((p, i) => i > 0 && p < positions[i - 1])) problems.push(`lines out of order: ${sequence.filter((k) => at.has(k)).join(' ')}`);
    }
    for (const { above, key, below } of this.pairs) {
      const p = at.get(key);
      if (p === undefined) continue;
      if (above !== undefined && at.has(above) && at.get(above)! > p) problems.push(`${key} should be below ${above}`);
      if (below !== undefined && at.has(below) && at.get(below)! < p) problems.push(`${key} should be above ${below}`);
    }
    return problems;
  }

  private add(key: string, text: string | null, round: number, outside: boolean, markers: string[] = []): void {
    this.lines.set(key, { text, markers, round });
    if (outside) {
      this.outside.add(key);
      this.baselineSide.add(key);
      this.proposalSide.add(key);
    }
  }

  private makeUsers(key: string): void {
    this.users.add(key);
    this.baselineSide.add(key);
    this.proposalSide.add(key);
  }
}
