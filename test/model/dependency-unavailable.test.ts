import { describe, expect, it, vi } from 'vitest';
import {
  DependencyUnavailableError,
  withDeadline,
} from '../../src/model/dependency-unavailable.js';

describe('withDeadline', () => {
  it('passes a value that arrives in time through', async () => {
    await expect(withDeadline(Promise.resolve(42), 50, 'store')).resolves.toBe(42);
  });

  it('passes an early rejection through unchanged', async () => {
    const failure = new Error('boom');
    await expect(withDeadline(Promise.reject(failure), 50, 'counters')).rejects.toBe(failure);
  });

  it('rejects with DependencyUnavailableError naming the dependency when the deadline passes', async () => {
    vi.useFakeTimers();
    try {
      const pending = withDeadline(new Promise<number>(() => {}), 2000, 'counters');
      const outcome = pending.then(
        () => undefined,
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(1999);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(DependencyUnavailableError);
      expect(error).toMatchObject({
        dependency: 'counters',
        message: 'counters unavailable: no answer within 2000 ms',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears its timer once the work settles', async () => {
    vi.useFakeTimers();
    try {
      await withDeadline(Promise.resolve('done'), 2000, 'store');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
