export class Point {
  constructor(readonly x: number, readonly y: number) {}

  toJSON(): object {
    return { x: this.x, y: this.y };
  }
}

export class Size {
  constructor(readonly width: number, readonly height: number) {}

  toJSON(): object {
    return { width: this.width, height: this.height };
  }
}
