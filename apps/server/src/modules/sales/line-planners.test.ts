// The line planners are pure: the same request on the same rows gives the same change, whichever path runs it.
// Their executor (sales.service runLines) tries the held rows first; only a refusal is decided again under the lock.
import { DomainError } from '@quotewright/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { refusedAsUndefined } from './line-planners';

describe('refusedAsUndefined (what the executor does with a planner that throws on the held rows)', () => {
  it('answers the plan when there is one', async () => {
    await expect(refusedAsUndefined(() => ({ after: [] }))).resolves.toEqual({ after: [] });
    await expect(refusedAsUndefined(async () => 7)).resolves.toBe(7);
  });

  it('turns a refusal (an AppError or a domain error) into undefined: decided again under the lock', async () => {
    await expect(
      refusedAsUndefined(() => {
        throw new AppError('EDIT_CONFLICT', 'Erin changed Qty');
      }),
    ).resolves.toBeUndefined();
    await expect(
      refusedAsUndefined(async () => {
        throw new DomainError('NOT_FOUND', 'Line not found');
      }),
    ).resolves.toBeUndefined();
  });

  it('throws any other error: a planner bug fails the request, never falls back silently', async () => {
    const bug = () => {
      const rows: { id: string }[] | undefined = undefined;
      return (rows as unknown as { id: string }[]).map((r) => r.id);
    };
    await expect(refusedAsUndefined(bug)).rejects.toThrow(TypeError);
    await expect(
      refusedAsUndefined(async () => {
        throw new Error('the guarded write wrote 0 of 1');
      }),
    ).rejects.toThrow('wrote 0 of 1');
  });
});
