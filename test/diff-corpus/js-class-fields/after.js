export class Counter {
  #listeners = [];

  constructor(start = 0) {
    this.value = start;
  }

  increment() {
    this.value += 1;
    this.#notify();
  }

  subscribe(listener) {
    this.#listeners.push(listener);
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  #notify() {
    for (const listener of this.#listeners) {
      listener(this.value);
    }
  }
}
