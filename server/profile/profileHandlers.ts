import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { Notifications } from '../notifications/Notifications';
import type { UploadStore } from '../uploads/UploadStore';
import { toUserInfo, type UserRepository } from '../users/UserRepository';

/** The profile: info, avatar, nickname, signature, display currency and language. */
export function createProfileHandlers(deps: { users: UserRepository; uploads: UploadStore; notifications: Notifications }): HandlerMap {
  const { users, uploads, notifications } = deps;
  return {
    '/user/info': async (_input, ctx) => {
      const user = await users.byId(ctx.user.id);
      if (!user) throw new AppError('errors.sessionExpired', {}, 999);
      return toUserInfo(user, {
        ...(await users.inviteStats(user.id)),
        unread_notifications: await notifications.count(user.id, true),
      });
    },

    '/user/uploadHeadPortrait': async (input, ctx) => {
      const upload = await uploads.ownedByUrl(input.head_portrait, ctx.user.id, ['avatar']);
      if (!upload) throw new AppError('validation.avatarRequired');
      const url = uploads.urlFor(upload);
      await users.setProfile(ctx.user.id, 'avatar', url);
      return url;
    },

    '/user/editNickname': async (input, ctx) => {
      await users.setProfile(ctx.user.id, 'nickname', input.nickname);
      return ctx.t('messages.saved');
    },

    '/user/editSignature': async (input, ctx) => {
      await users.setProfile(ctx.user.id, 'signature', input.signature);
      return ctx.t('messages.saved');
    },

    '/user/setFiat': async (input, ctx) => {
      await users.setProfile(ctx.user.id, 'fiat', input.fiat);
      return ctx.t('messages.saved');
    },

    '/user/setLanguage': async (input, ctx) => {
      await users.setProfile(ctx.user.id, 'lang', input.language);
      return ctx.t('messages.saved');
    },
  };
}
