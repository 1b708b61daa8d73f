export class Counter {
  constructor(start) {
    this.value = start || 0;
    this.listeners = [];
  }

  increment() {
    this.value = this.value + 1;
    this.notify();
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  notify() {
    for (var i = 0; i < this.listeners.length; i++) {
      this.listeners[i](this.value);
    }
  }
}
