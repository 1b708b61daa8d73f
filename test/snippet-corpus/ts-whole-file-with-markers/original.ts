import { EventEmitter } from "node:events";

export interface Job {
  id: string;
  attempts: number;
  run(): Promise<void>;
}

export class Queue extends EventEmitter {
  private jobs: Job[] = [];
  private active = 0;

  constructor(private readonly concurrency = 2) {
    super();
  }

  push(job: Job): void {
    this.jobs.push(job);
    this.drain();
  }

  private drain(): void {
    while (this.active < this.concurrency && this.jobs.length > 0) {
      const job = this.jobs.shift()!;
      this.active++;
      job
        .run()
        .then(() => this.emit("done", job))
        .catch((err) => this.emit("failed", job, err))
        .finally(() => {
          this.active--;
          this.drain();
        });
    }
  }
}
