/**
 * Customer service (docs/community/SUPPORT.md): one conversation per user with
 * the operators. A message is persisted first, then announced on the user's private channel
 * (`support` kind) to every socket of that user only; a user offline gets it from the channel's
 * snapshot when they come back. Images are uploads: the user's own (`scene: image`), or an
 * operator's stored in the user's name, so only the user and the operators can open them.
 */
import {
  SUPPORT_RECENT,
  type OpsSupportTicket,
  type SupportChange,
  type SupportHistory,
  type SupportMessage,
  type SupportState,
} from '../../domain/support/types';
import type { Clock } from '../clock';
import { AppError } from '../http/AppError';
import type { RealtimeHub } from '../realtime/RealtimeHub';
import { decodeImage } from '../uploads/decodeImage';
import type { UploadStore } from '../uploads/UploadStore';
import type { UserRepository } from '../users/UserRepository';
import type { SupportRepository, SupportRow } from './SupportRepository';

export class SupportService {
  constructor(
    private readonly deps: { repo: SupportRepository; uploads: UploadStore; users: UserRepository; hub: RealtimeHub; clock: Clock },
  ) {}

  async history(userId: number, before: number | null, limit: number): Promise<SupportHistory> {
    const rows = await this.deps.repo.page(userId, before, limit + 1);
    const items = await this.view(rows.slice(0, limit));
    return { items, has_more: rows.length > limit, unread: await this.deps.repo.unreadForUser(userId) };
  }

  async snapshot(userId: number): Promise<SupportState> {
    const [recent, unread] = await Promise.all([
      this.deps.repo.page(userId, null, SUPPORT_RECENT).then((rows) => this.view(rows)),
      this.deps.repo.unreadForUser(userId),
    ]);
    return { unread, recent };
  }

  /** A user's message: text and/or an image they uploaded. */
  async send(userId: number, input: { body?: string | undefined; image?: string | undefined }): Promise<SupportMessage> {
    let uploadId: number | null = null;
    if (input.image) {
      const upload = await this.deps.uploads.ownedByUrl(input.image, userId, ['image']);
      if (!upload) throw new AppError('errors.supportImageNotFound');
      uploadId = upload.id;
    }
    return this.write({ user_id: userId, sender: 'user', body: input.body ?? '', upload_id: uploadId, created_at: this.deps.clock.now() });
  }

  /** An operator's reply to a user named by id or email; the user's messages count as read by the operators. */
  async reply(user: string, body: string, imageBase64: string | undefined): Promise<SupportMessage> {
    const { users } = this.deps;
    const found = /^\d+$/.test(user) ? await users.byId(Number(user)) : await users.byEmail(user.toLowerCase());
    if (!found) throw new AppError('errors.userNotFound');
    let uploadId: number | null = null;
    if (imageBase64 !== undefined) {
      const data = Buffer.from(imageBase64, 'base64');
      const image = await decodeImage(data);
      if (!image.ok) throw new AppError(image.key, image.params);
      uploadId = (await this.deps.uploads.save(found.id, image.ext, data, 'image')).id;
    }
    await this.deps.repo.markRead(found.id, 'operator');
    return this.write({ user_id: found.id, sender: 'operator', body, upload_id: uploadId, created_at: this.deps.clock.now() });
  }

  /** The user opened the conversation: every operator reply so far is read. */
  async markRead(userId: number): Promise<{ unread: number }> {
    await this.deps.repo.markRead(userId, 'user');
    await this.publish(userId, null);
    return { unread: 0 };
  }

  /** The operator's list, each conversation named by its user's email or phone. */
  async tickets(): Promise<OpsSupportTicket[]> {
    const tickets = await this.deps.repo.tickets();
    return Promise.all(
      tickets.map(async (t) => {
        const user = await this.deps.users.byId(t.user_id);
        return { ...t, user: user?.email ?? (user?.mobile ? `+${user.area_code ?? ''}${user.mobile}` : `#${t.user_id}`) };
      }),
    );
  }

  private async write(m: Omit<SupportRow, 'id'>): Promise<SupportMessage> {
    const row = await this.deps.repo.insert(m);
    const [message] = await this.view([row]);
    await this.publish(m.user_id, message!);
    return message!;
  }

  /** Announces a change on the user's private channel; the unread count is read when the message is numbered. */
  private publish(userId: number, message: SupportMessage | null): Promise<number | null> {
    return this.deps.hub.publishToUser(userId, 'support', async (): Promise<SupportChange> => ({
      unread: await this.deps.repo.unreadForUser(userId),
      message,
    }));
  }

  private async view(rows: SupportRow[]): Promise<SupportMessage[]> {
    const urls = await this.deps.uploads.urlsById(rows.map((r) => r.upload_id));
    return rows.map((r) => ({
      id: r.id,
      sender: r.sender,
      body: r.body,
      image: r.upload_id === null ? null : (urls.get(r.upload_id) ?? null),
      created_at: r.created_at,
    }));
  }
}
