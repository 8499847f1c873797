/**
 * The one place an Idempotency-Key is kept: a submit whose outcome is unknown is resent with the
 * same key and body; an answer of either kind, a different input or a reset starts a new key.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/request';
import { createSubmitKey } from '../../src/ui/useIdempotentSubmit';

type Sent = { input: { amount: string; bound?: string }; key: string };

/** An attempt that records what it sent and then fails with `error` (or answers 'ok'). */
function attempts() {
  const sent: Sent[] = [];
  const attempt = (error?: unknown) => async (input: Sent['input'], key: string) => {
    sent.push({ input, key });
    if (error) throw error;
    return 'ok';
  };
  return { sent, attempt };
}

const lost = new ApiError('network', 'network');
const refused = new ApiError('refused', 'error');

describe('createSubmitKey', () => {
  it('resends an attempt with no known outcome with the same key', async () => {
    const keeper = createSubmitKey();
    const { sent, attempt } = attempts();
    await expect(keeper.send({ amount: '1' }, attempt(lost))).rejects.toBe(lost);
    await expect(keeper.send({ amount: '1' }, attempt(new ApiError('busy', 'pending')))).rejects.toBeInstanceOf(ApiError);
    await expect(keeper.send({ amount: '1' }, attempt())).resolves.toBe('ok');
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).toBe(sent[0]!.key);
  });

  it('drops the key once the server answered, either way', async () => {
    const keeper = createSubmitKey();
    const { sent, attempt } = attempts();
    await keeper.send({ amount: '1' }, attempt());
    await keeper.send({ amount: '1' }, attempt());
    await expect(keeper.send({ amount: '1' }, attempt(refused))).rejects.toBe(refused);
    await keeper.send({ amount: '1' }, attempt());
    expect(new Set(sent.map((s) => s.key)).size).toBe(4);
  });

  it('gives a different input, or a reset, a new key', async () => {
    const keeper = createSubmitKey();
    const { sent, attempt } = attempts();
    await expect(keeper.send({ amount: '1' }, attempt(lost))).rejects.toBe(lost);
    await keeper.send({ amount: '2' }, attempt());
    await expect(keeper.send({ amount: '3' }, attempt(lost))).rejects.toBe(lost);
    keeper.reset();
    await keeper.send({ amount: '3' }, attempt());
    expect(new Set(sent.map((s) => s.key)).size).toBe(4);
  });

  it('resends the first body when `sameAs` counts a changed one as the same submit', async () => {
    const keeper = createSubmitKey();
    const { sent, attempt } = attempts();
    const sameAmount = (a: Sent['input'], b: Sent['input']) => a.amount === b.amount;
    await expect(keeper.send({ amount: '1', bound: '10' }, attempt(lost), sameAmount)).rejects.toBe(lost);
    await keeper.send({ amount: '1', bound: '11' }, attempt(), sameAmount);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]!.input.bound).toBe('10');
  });

  it('sends the same key for the same input while an attempt is still in flight, and forgets it after', async () => {
    const keeper = createSubmitKey();
    const { sent, attempt } = attempts();
    let release = () => {};
    const slow = (input: Sent['input'], key: string) =>
      new Promise<string>((resolve) => {
        sent.push({ input, key });
        release = () => resolve('ok');
      });
    const first = keeper.send({ amount: '1' }, slow);
    await expect(keeper.send({ amount: '1' }, attempt(new ApiError('busy', 'pending')))).rejects.toBeInstanceOf(ApiError);
    release();
    await expect(first).resolves.toBe('ok');
    await keeper.send({ amount: '1' }, attempt());
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });
});
