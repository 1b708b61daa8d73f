export type Listener = (event: Event) => void;

export class Emitter {
  private listeners = new Map<string, Listener[]>();

  on(name: string, listener: Listener): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener);
    this.listeners.set(name, list);
    return () => this.off(name, listener);
  }

  off(name: string, listener: Listener): void {
    const list = this.listeners.get(name);
    if (!list) return;
    this.listeners.set(name, list.filter((l) => l !== listener));
  }

  emit(name: string, event: Event): void {
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}
