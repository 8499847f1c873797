/** The content area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, positiveIntParam, requiredText } from '../api/fields';
import type { ContentPage, FaqItem, NewsDetail, NewsItem, SiteConfig } from './types';

export const contentEndpoints = defineEndpoints({
  '/getSiteConfig': endpoint<SiteConfig>()({ method: 'GET', access: 'public', input: z.object({}) }),
  '/getSetting': endpoint<string>()({
    method: 'GET',
    access: 'public',
    input: z.object({ keyword: requiredText('validation.keywordRequired', 64) }),
  }),
  '/news/list': endpoint<Page<NewsItem>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ c_id: positiveIntParam('validation.categoryInvalid'), ...pageFields }),
  }),
  '/news/detail': endpoint<NewsDetail>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: positiveIntParam('validation.idInvalid') }),
  }),
  '/news/index_pop': endpoint<NewsDetail | null>()({ method: 'GET', access: 'public', input: z.object({}) }),
  '/menu': endpoint<{ key: string; title: string; path: string }[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({}),
  }),
  '/faq': endpoint<FaqItem[]>()({ method: 'GET', access: 'public', input: z.object({}) }),
  '/contactus': endpoint<ContentPage>()({ method: 'GET', access: 'public', input: z.object({}) }),
  '/aboutus': endpoint<ContentPage>()({ method: 'GET', access: 'public', input: z.object({}) }),
  '/operational_compliance': endpoint<ContentPage>()({
    method: 'GET',
    access: 'public',
    input: z.object({}),
  }),
});
