/**
 * Verifiable blind boxes (docs/NFT.md "Blind boxes"): commit, derive, reveal.
 *
 * Before a box goes on sale the server picks a secret 32-byte seed and publishes its commitment,
 * SHA-256(seed). Each opening's outcome is derived from the seed, the box id and the buyer's order
 * id: HMAC-SHA256(key = seed, message = "<boxId>:<orderId>"), whose first 8 bytes read as an
 * unsigned big-endian integer modulo 10000 give a draw in [0, 10000); the draw falls into the
 * rarity whose cumulative weight first exceeds it, in the published order (commonest first).
 * After the sale ends the seed is revealed: anyone can check SHA-256(seed) against the commitment
 * and recompute every opening. The same code runs in the server, `npm run audit` and the
 * browser's verification page (@noble/hashes: synchronous, audited, the same in Node and every
 * browser, unlike Web Crypto's `subtle`, which is asynchronous and missing outside secure contexts).
 *
 * The modulo bias of 2^64 mod 10000 is below 10^-15 per draw.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { NFT_ODDS_SCALE, type NftRarity } from './types';

/** A seed is 32 bytes, written as 64 lowercase hex digits. */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** The published commitment of a seed: SHA-256 of its bytes, as hex. */
export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/** The draw of one opening, in [0, 10000). */
export function boxDraw(seedHex: string, boxId: number, orderId: number): number {
  const mac = hmac(sha256, hexToBytes(seedHex), utf8ToBytes(`${boxId}:${orderId}`));
  let n = 0n;
  for (let i = 0; i < 8; i++) n = (n << 8n) | BigInt(mac[i]!);
  return Number(n % BigInt(NFT_ODDS_SCALE));
}

/** The rarity a draw falls into, given the odds in their published order; null when the weights do not cover the draw. */
export function rarityOfDraw<R extends { rarity: NftRarity; weight: number }>(draw: number, odds: readonly R[]): R | null {
  let upTo = 0;
  for (const o of odds) {
    upTo += o.weight;
    if (draw < upTo) return o;
  }
  return null;
}

/** One opening's outcome from the seed: the draw and the rarity it gives. */
export function openingOutcome<R extends { rarity: NftRarity; weight: number }>(
  seedHex: string,
  boxId: number,
  orderId: number,
  odds: readonly R[],
): { draw: number; rarity: NftRarity | null } {
  const draw = boxDraw(seedHex, boxId, orderId);
  return { draw, rarity: rarityOfDraw(draw, odds)?.rarity ?? null };
}

/** Whether published odds are well formed: positive whole weights summing to 10000, each rarity once. */
export function oddsValid(odds: readonly { rarity: NftRarity; weight: number }[]): boolean {
  const seen = new Set<NftRarity>();
  let sum = 0;
  for (const o of odds) {
    if (!Number.isInteger(o.weight) || o.weight <= 0 || seen.has(o.rarity)) return false;
    seen.add(o.rarity);
    sum += o.weight;
  }
  return odds.length > 0 && sum === NFT_ODDS_SCALE;
}

/**
 * Checks a revealed box: the seed matches the commitment, and each opening's recorded rarity is
 * the one derived. Answers the openings that do not match (empty when all verify).
 */
export function verifyOpenings<O extends { order_id: number; rarity: NftRarity }>(
  box: { id: number; commitment: string; seed: string },
  odds: readonly { rarity: NftRarity; weight: number }[],
  openings: readonly O[],
): { seedMatches: boolean; mismatches: { opening: O; derived: NftRarity | null }[] } {
  const seedMatches = SEED_PATTERN.test(box.seed) && commitmentOf(box.seed) === box.commitment;
  const mismatches = openings
    .map((opening) => ({ opening, derived: openingOutcome(box.seed, box.id, opening.order_id, odds).rarity }))
    .filter((m) => !seedMatches || m.derived !== m.opening.rarity);
  return { seedMatches, mismatches };
}
