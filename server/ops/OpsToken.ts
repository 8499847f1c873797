import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/** The header operators send their token in; user tokens travel in `Authorization` and never match. */
export const OPS_TOKEN_HEADER = 'x-ops-token';

/**
 * The operator token: `OPS_TOKEN` when set, else `DATA_DIR/ops.token`, written (mode 0600) at
 * first start. The CLI reads the same file.
 */
export class OpsToken {
  private constructor(private readonly token: Buffer) {}

  static async open(dataDir: string, fromEnv: string | null): Promise<OpsToken> {
    if (fromEnv) return new OpsToken(Buffer.from(fromEnv));
    const file = path.join(dataDir, 'ops.token');
    try {
      return new OpsToken(Buffer.from((await readFile(file, 'utf8')).trim()));
    } catch {
      const token = randomBytes(32).toString('base64url');
      // On PostgreSQL nothing else has made the data folder yet.
      await mkdir(dataDir, { recursive: true });
      await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
      return new OpsToken(Buffer.from((await readFile(file, 'utf8')).trim()));
    }
  }

  /** True when the request carries the operator token. */
  matches(req: FastifyRequest): boolean {
    const given = req.headers[OPS_TOKEN_HEADER];
    if (typeof given !== 'string') return false;
    const buf = Buffer.from(given.trim());
    return buf.length === this.token.length && timingSafeEqual(buf, this.token);
  }
}
