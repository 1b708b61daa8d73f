export class Scheduler {
  private readonly queue: Task[] = [];
  private running = false;

  start(): void {
    this.running = true;
    void this.loop();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const task = this.next();
      if (!task) {
        await sleep(50);
        continue;
      }
      await task.run();
    }
  }

  stop(): void {
    this.running = false;
  }

  enqueue(task: Task): void {
    this.queue.push(task);
    this.queue.sort((a, b) => b.priority - a.priority);
  }

  private next(): Task | undefined {
    return this.queue.shift();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
