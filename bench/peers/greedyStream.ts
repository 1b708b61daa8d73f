/**
 * The greedy streaming line diff, a peer for the benchmarks only: each finished line matches the
 * first equal original line at or below the head (the original lines jumped over are removed),
 * or is added. It never revises a line, and is not minimal.
 */
export type GreedyKind = 'context' | 'removed' | 'added';

export class GreedyStream {
  private text = '';
  private partial = '';
  private head = 0;
  readonly kinds: GreedyKind[] = [];
  private readonly at = new Map<string, { list: number[]; next: number }>();

  constructor(private readonly baseline: readonly string[]) {
    baseline.forEach((line, i) => {
      const entry = this.at.get(line);
      if (entry) entry.list.push(i);
      else this.at.set(line, { list: [i], next: 0 });
    });
  }

  push(textSoFar: string): void {
    const appended = textSoFar.slice(this.text.length);
    this.text = textSoFar;
    const parts = (this.partial + appended).split('\n');
    this.partial = parts.pop() as string;
    for (const line of parts) this.place(line);
  }

  /** The kinds after the stream: what it never reached is removed. */
  finish(): GreedyKind[] {
    if (this.partial !== '') this.place(this.partial);
    while (this.head < this.baseline.length) (this.kinds.push('removed'), this.head++);
    return this.kinds;
  }

  private place(line: string): void {
    const entry = this.at.get(line);
    if (entry) {
      while (entry.next < entry.list.length && entry.list[entry.next] < this.head) entry.next++;
      if (entry.next < entry.list.length) {
        const to = entry.list[entry.next];
        while (this.head < to) (this.kinds.push('removed'), this.head++);
        this.kinds.push('context');
        this.head++;
        return;
      }
    }
    this.kinds.push('added');
  }
}
