import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below that for N = 2^17.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password with scrypt and a per-user salt: `scrypt$logN$r$p$salt$key` (base64). */
export async function hashPassword(password: string, logN = 17): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, logN, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', logN, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; the comparison takes the same time whatever matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
