/**
 * NFT media files (docs/NFT.md "Media"): the catalogue's files shipped with the server
 * (`server/nft/media/`, generated and freely licensed, see its README) and the operator's
 * uploads (`DATA_DIR/nft-media/`), both served at `/nft-media/<name>` with range requests (a video
 * seeks) by @fastify/static. A stored file's kind is read from its bytes, never from its name or
 * the operator's word: a file that is not the image, GIF, audio or video it claims is refused.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NftType } from '../../domain/nft/types';
import { AppError } from '../http/AppError';

/** The catalogue's shipped files. */
export const SHIPPED_MEDIA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

const NAME = /^[a-z0-9][a-z0-9._-]{0,118}$/i;

/** The kinds a file's first bytes prove, with the extension it is stored under. */
function sniff(bytes: Buffer): { kind: 'still' | 'gif' | 'audio' | 'video'; ext: string } | null {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return { kind: 'still', ext: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'still', ext: 'jpg' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'still', ext: 'webp' };
  if (ascii(0, 4) === 'GIF8') return { kind: 'gif', ext: 'gif' };
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)) return { kind: 'audio', ext: 'mp3' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return { kind: 'audio', ext: 'wav' };
  if (ascii(0, 4) === 'OggS') return { kind: 'audio', ext: 'ogg' };
  if (ascii(4, 8) === 'ftyp') return { kind: 'video', ext: 'mp4' };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { kind: 'video', ext: 'webm' };
  return null;
}

/** Which stored kinds each use accepts: an artwork's media by its type; covers, avatars and posters are stills. */
const ACCEPTS: Record<NftType | 'still', readonly string[]> = {
  image: ['still'],
  gif: ['gif'],
  audio: ['audio'],
  video: ['video'],
  still: ['still', 'gif'],
};

export class NftMedia {
  readonly uploadDir: string;

  constructor(dataDir: string) {
    this.uploadDir = path.join(dataDir, 'nft-media');
  }

  async init(): Promise<void> {
    await mkdir(this.uploadDir, { recursive: true });
  }

  /** Whether a file of this name is stored (shipped or uploaded). */
  exists(name: string): boolean {
    return NAME.test(name) && (existsSync(path.join(SHIPPED_MEDIA_DIR, name)) || existsSync(path.join(this.uploadDir, name)));
  }

  /**
   * The stored name for a media field: `name` of a stored file, or new bytes (base64) stored
   * under a fresh name when they are the kind `use` needs. `field` names it in a refusal.
   */
  async resolve(field: string, name: string, base64: string | undefined, use: NftType | 'still'): Promise<string> {
    if (base64 === undefined) {
      if (!this.exists(name)) throw new AppError('errors.nftOperatorInvalid', { reason: `${field}: no stored file named ${name}` });
      return name;
    }
    const bytes = Buffer.from(base64, 'base64');
    const kind = sniff(bytes);
    if (!kind || !ACCEPTS[use].includes(kind.kind))
      throw new AppError('errors.nftOperatorInvalid', {
        reason: `${field}: the file is not ${use === 'still' ? 'an image' : `a ${use} file`}`,
      });
    const stored = `${
      path
        .parse(name)
        .name.replace(/[^a-z0-9-]/gi, '-')
        .slice(0, 40) || 'media'
    }-${randomBytes(4).toString('hex')}.${kind.ext}`;
    await writeFile(path.join(this.uploadDir, stored), bytes);
    return stored;
  }
}
