/**
 * Polls `read` until it answers something truthy and returns it; throws naming `what` after
 * `timeoutMs`. For state another process or node reaches in its own time (no timing assumed).
 */
export async function until<T>(read: () => T | Promise<T>, what: string, timeoutMs = 60_000, everyMs = 50): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
