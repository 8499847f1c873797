import type { Lang } from '../../domain/i18n';
import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { ContentRepository } from './ContentRepository';

/** The help centre's entries, in order, with the app route of each. */
const HELP_MENU = [
  { key: 'faq', path: '/pages/common/faq' },
  { key: 'contactus', path: '/pages/common/contactus' },
  { key: 'aboutus', path: '/pages/common/aboutus' },
  { key: 'operational_compliance', path: '/pages/setting/operational_compliance' },
] as const;

/** Site configuration, settings, news, notices and help pages ("Common", "Index"). */
export function createContentHandlers(content: ContentRepository): HandlerMap {
  const page = async (key: string, lang: Lang) => {
    const found = await content.page(key, lang);
    if (!found) throw new AppError('errors.notFound');
    return found;
  };
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

    '/news/index_pop': async (_input, ctx) => content.popup(ctx.lang),

    '/menu': async (_input, ctx) => HELP_MENU.map(({ key, path }) => ({ key, path, title: ctx.t(`help.${key}` as const) })),

    '/faq': async (_input, ctx) => content.faq(ctx.lang),
    '/contactus': async (_input, ctx) => page('contactus', ctx.lang),
    '/aboutus': async (_input, ctx) => page('aboutus', ctx.lang),
    '/operational_compliance': async (_input, ctx) => page('operational_compliance', ctx.lang),
  };
}
