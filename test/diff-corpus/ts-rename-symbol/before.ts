export type Handler = (event: Event) => void;

export class Emitter {
  private handlers = new Map<string, Handler[]>();

  on(name: string, handler: Handler): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler);
    this.handlers.set(name, list);
    return () => this.off(name, handler);
  }

  off(name: string, handler: Handler): void {
    const list = this.handlers.get(name);
    if (!list) return;
    this.handlers.set(name, list.filter((h) => h !== handler));
  }

  emit(name: string, event: Event): void {
    for (const handler of this.handlers.get(name) ?? []) handler(event);
  }
}
