/**
 * The simulation's only source of chance: sfc32 seeded from SHA-256 of a label, so one seed
 * replays one exact history on any machine. `fork(label)` gives an independent stream, so
 * adding a draw in one part of the generator does not shift every other part.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly label: string) {
    const h = sha256(new TextEncoder().encode(label));
    const word = (i: number) => ((h[i]! << 24) | (h[i + 1]! << 16) | (h[i + 2]! << 8) | h[i + 3]!) >>> 0;
    [this.a, this.b, this.c, this.d] = [word(0), word(4), word(8), word(12)];
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** An independent stream named by `label` under this one's. */
  fork(label: string): Rng {
    return new Rng(`${this.label}/${label}`);
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4_294_967_296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `entries` with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((n, [, w]) => n + w, 0);
    let x = this.next() * total;
    for (const [item, w] of entries) {
      x -= w;
      if (x < 0) return item;
    }
    return entries[entries.length - 1]![0];
  }

  /** A standard normal draw (Box–Muller). */
  gaussian(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
