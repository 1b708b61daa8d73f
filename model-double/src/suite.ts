/** For vitest files that share one model double: started before the file's tests, closed after them. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startModelDouble, type ModelDouble } from './double.js';

/** Hands the started double to `use`; its recorded requests are cleared before each test. */
export function useModelDouble(use: (double: ModelDouble) => void): void {
  let double: ModelDouble | undefined;
  beforeAll(async () => {
    double = await startModelDouble();
    use(double);
  });
  afterAll(() => double?.close());
  beforeEach(() => {
    if (double) double.requests.length = 0;
  });
}
