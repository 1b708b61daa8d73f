/**
 * The picture that redraws in place while the proposal streams: the region and a spinner line.
 * log-update erases the previous frame by its wrapped height; `fitToScreen` keeps every frame
 * within the terminal, so each one can be erased and nothing piles up in the scrollback.
 */
import { createLogUpdate } from 'log-update';
import spinners from 'cli-spinners';
import { fitToScreen } from './paint.js';

const SPINNER = spinners.dots;

export class LiveView {
  private readonly update: ReturnType<typeof createLogUpdate>;
  private timer: NodeJS.Timeout | null = null;
  private frame = 0;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly body: () => string[],
    private readonly status: () => string,
  ) {
    this.update = createLogUpdate(stream);
  }

  start(): void {
    this.draw();
    this.timer = setInterval(() => this.draw(), SPINNER.interval);
  }

  private draw(): void {
    const spinner = SPINNER.frames[this.frame++ % SPINNER.frames.length];
    const lines = fitToScreen(this.body(), `${spinner} ${this.status()}`, this.stream.rows ?? 24, this.stream.columns ?? 80);
    this.update(lines.join('\n'));
  }

  /** Erases the frame and gives the cursor back; the caller prints the settled picture. */
  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.update.clear();
    this.update.done();
  }
}
