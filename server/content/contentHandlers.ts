import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { ContentRepository } from './ContentRepository';

/** Site configuration, settings and news (spec §7 "Common", "Index"). */
export function createContentHandlers(content: ContentRepository): HandlerMap {
  return {
    '/getSiteConfig': async () => ({
      site_name: (await content.setting('site_name')) ?? '',
      site_logo: (await content.setting('site_logo')) ?? '',
    }),

    '/getSetting': async (input) => {
      const value = await content.setting(input.keyword);
      if (value === null) throw new AppError('errors.settingUnknown');
      return value;
    },

    '/news/list': async (input, ctx) => content.newsPage(input.c_id, ctx.lang, input.page, input.limit),

    '/news/detail': async (input, ctx) => {
      const item = await content.newsDetail(input.id, ctx.lang);
      if (!item) throw new AppError('errors.newsNotFound');
      return item;
    },
  };
}
