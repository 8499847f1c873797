/**
 * No raw `{{…}}` reaches a screen. Every placeholder of a translation, in any
 * spelling i18next reads (`{{x}}`, `{{ x }}`, `{{x, number}}`, `{{- x}}`), is one its English
 * source has and the other way round, and no braces are left unpaired; and the worker previews
 * whose refusals the pages translate with the shared messages give every parameter those
 * messages name, in every language (NFT resale showed "At most 10,000,000 USDT {{currency}} per
 * request").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, NAMESPACES } from '../../domain/i18n';
import { previewIeo } from '../../worker/ieo/preview';
import { previewBid, previewResale } from '../../worker/nft/preview';

const localesDir = path.resolve(__dirname, '../../locales');
const flatten = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
const texts = (lang: string): Record<string, string> =>
  Object.fromEntries(
    NAMESPACES.flatMap((ns) =>
      Object.entries(flatten(JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>)).map(
        ([k, v]) => [`${ns}.${k}`, v] as const,
      ),
    ),
  );
/** The parameter names a text interpolates, in any spelling i18next reads. */
const names = (text: string) => [...text.matchAll(/\{\{\s*-?\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
/** What is left of the braces once every well-formed placeholder is taken out. */
const stray = (text: string) => /\{\{|\}\}/.test(text.replace(/\{\{\s*-?\s*\w+\s*(?:,[^}]*)?\}\}/g, ''));
/** `key` of `lang` with `params` put in as i18next would; a name without a value stays as it is. */
const render = (lang: string, key: string, params: Record<string, unknown>) =>
  texts(lang)[key]!.replace(/\{\{\s*-?\s*(\w+)\s*(?:,[^}]*)?\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );

const en = texts('en');

describe('placeholders in the translations', () => {
  it.each(LANGS)('%s: every placeholder of a key is one its English source has, and the other way round', (lang) => {
    const other = texts(lang);
    for (const [key, source] of Object.entries(en)) {
      const text = other[key];
      if (text === undefined) continue; // locales.test.ts reports a missing key
      expect(names(text), `${lang}:${key}`).toEqual(names(source));
      expect(stray(text), `${lang}:${key} has unpaired braces: ${text}`).toBe(false);
    }
  });
});

describe('the previews give every parameter their messages name', () => {
  const problemsOf = [
    {
      what: 'NFT resale over the ceiling',
      key: (p: string) => `validation.${p}`,
      preview: previewResale({ price: '99999999', currency: 'USDT', decimals: 2, fee_rate: '0.025' }, 'en'),
    },
    {
      what: 'NFT resale with too many decimals',
      key: (p: string) => `validation.${p}`,
      preview: previewResale({ price: '1.234', currency: 'USDT', decimals: 2, fee_rate: '0.025' }, 'en'),
    },
    {
      what: 'NFT bid over the ceiling',
      key: (p: string) => `validation.${p}`,
      preview: previewBid({ price: '99999999', currency: 'USDT', decimals: 2, start: '10', increment: '1', bid: null }, 'en'),
    },
    {
      what: 'IEO subscription with too many decimals',
      key: (p: string) => `ieo.problem.${p}`,
      preview: previewIeo(
        {
          amount: '1.234',
          token: 'KSTL',
          token_decimals: 2,
          price: '0.05',
          pay_currency: 'USDT',
          pay_decimals: 2,
          min_amount: '1',
          remaining: '1000',
          available: '5000',
        },
        'en',
      ),
    },
  ];
  for (const { what, key, preview } of problemsOf)
    it.each(LANGS)(`${what}: the %s message has no raw placeholder`, (lang) => {
      expect(preview.problem).not.toBeNull();
      const text = render(lang, key(preview.problem!), preview.params);
      expect(text).not.toMatch(/\{\{|\}\}/);
    });

  it('says the coin once in the NFT resale ceiling', () => {
    const p = previewResale({ price: '99999999', currency: 'USDT', decimals: 2, fee_rate: '0.025' }, 'en');
    expect(render('en', `validation.${p.problem}`, p.params)).toBe('At most 10,000,000 USDT per request');
  });
});
