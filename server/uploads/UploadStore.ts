import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Clock } from '../clock';
import type { ServerSecrets } from '../platform/ServerSecrets';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';
import type { FileStorage } from './FileStorage';
import { IMAGE_TYPES, type ImageExt } from './sniffImage';

/** Largest accepted upload (the app downsizes photos well below this). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** How long a signed link to a private file works. */
export const SIGNED_URL_MS = 60 * 60_000;

/** What an upload is for; only avatars are public, everything else is readable by its owner and operators. */
export const UPLOAD_SCENES = ['avatar', 'identity', 'voucher', 'qrcode', 'image'] as const;
export type UploadScene = (typeof UPLOAD_SCENES)[number];
const PUBLIC_SCENES = new Set<UploadScene>(['avatar']);

export interface UploadRow {
  id: number;
  user_id: number;
  name: string;
  mime: string;
  size: number;
  scene: UploadScene;
  is_public: boolean;
  created_at: number;
}

const UPLOAD_COLUMNS = 'id, user_id, name, mime, size, scene, is_public, created_at';

const uploadRows = rowReader<UploadRow>('uploads', {
  id: 'int',
  user_id: 'int',
  name: 'text',
  mime: 'text',
  size: 'int',
  scene: 'text',
  is_public: 'bool',
  created_at: 'int',
});

const FILE_NAME = /^([a-f0-9]{32})\.(jpg|png|webp|gif)$/;

/**
 * Uploaded files: stored as `DATA_DIR/uploads/<random>.<ext>` with a row saying whose they are.
 * Private files are served only with a signature the server made for their owner (or an
 * operator), so a name alone, guessed or leaked, opens nothing.
 */
export class UploadStore {
  private constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly files: FileStorage,
    private readonly secret: Buffer,
  ) {}

  static async open(db: Db, clock: Clock, files: FileStorage, secrets: ServerSecrets): Promise<UploadStore> {
    return new UploadStore(db, clock, files, await secrets.get('upload_url'));
  }

  /** Stores the bytes (whole or not at all), then records them. */
  async save(userId: number, ext: ImageExt, data: Buffer, scene: UploadScene): Promise<UploadRow> {
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await this.files.put(name, data);
    try {
      const row = await uploadRows.one(
        this.db,
        `INSERT INTO uploads (user_id, name, mime, size, scene, is_public, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${UPLOAD_COLUMNS}`,
        [userId, name, IMAGE_TYPES[ext], data.length, scene, PUBLIC_SCENES.has(scene), this.clock.now()],
      );
      return row!;
    } catch (error) {
      await this.files.remove(name);
      throw error;
    }
  }

  async byName(name: string, q: Queryable = this.db): Promise<UploadRow | null> {
    if (!FILE_NAME.test(name)) return null;
    const row = await uploadRows.one(q, `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE name = $1`, [name]);
    return row ?? null;
  }

  async byId(id: number, q: Queryable = this.db): Promise<UploadRow | null> {
    const row = await uploadRows.one(q, `SELECT ${UPLOAD_COLUMNS} FROM uploads WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Signed URLs of private uploads by id (for lists of other areas that keep an upload id). */
  async urlsById(ids: readonly (number | null)[], q: Queryable = this.db): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!unique.length) return new Map();
    const rows = await q.query<{ id: number; name: string; is_public: boolean }>(
      "SELECT id, name, is_public FROM uploads WHERE id = ANY(string_to_array($1, ',')::bigint[])",
      [unique.join(',')],
    );
    return new Map(rows.map((r) => [r.id, this.urlFor({ name: r.name, is_public: false })]));
  }

  /** The upload a URL we handed out points to, if it belongs to `userId` and was made for `scene`. */
  async ownedByUrl(url: string, userId: number, scenes: readonly UploadScene[], q: Queryable = this.db): Promise<UploadRow | null> {
    const name = url.split('?')[0]!.replace(/^\/uploads\//, '');
    const row = await this.byName(name, q);
    return row && row.user_id === userId && scenes.includes(row.scene) ? row : null;
  }

  /** The URL to show `row`: plain for public files, signed and short-lived for private ones. */
  urlFor(row: Pick<UploadRow, 'name' | 'is_public'>): string {
    if (row.is_public) return `/uploads/${row.name}`;
    const exp = this.clock.now() + SIGNED_URL_MS;
    return `/uploads/${row.name}?exp=${exp}&sig=${this.sign(row.name, exp)}`;
  }

  /** True when `sig` is ours for `name` and has not expired. */
  verify(name: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,15}$/.test(exp) || Number(exp) < this.clock.now()) return false;
    const expected = Buffer.from(this.sign(name, Number(exp)));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The bytes of a stored file (the caller has checked who may read it). */
  read(name: string): Readable {
    return this.files.open(name);
  }

  private sign(name: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${name}\n${exp}`).digest('base64url');
  }
}
