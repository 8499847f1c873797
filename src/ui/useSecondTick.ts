/** A clock for countdowns: a second tick, and what is left until a moment as days and hh:mm:ss. */
import { useEffect, useState } from 'react';

/** Now, re-read every second while `active` (the countdowns). */
export function useSecondTick(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/** What is left until `to` at `now`: whole days and the rest as hh:mm:ss (zero once past). */
export function countdownParts(to: number, now: number): { days: number; hms: string } {
  const left = Math.max(0, Math.floor((to - now) / 1000));
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  const two = (n: number) => String(n).padStart(2, '0');
  return { days, hms: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}` };
}
