/**
 * The content pages' texts (about us, contact us, operational compliance, the
 * FAQ, the home notice, banners and news; server/content/data) are real in all 9 languages: every
 * field present and not empty, no placeholder, no English left in another language (not the
 * English text itself, not mostly English words, and written in the language's own script), and
 * Traditional Chinese not a copy of Simplified; every number of the English text (a limit, a
 * fee) is in each translation, so a mistyped figure cannot hide in one language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../domain/i18n';

const DATA = path.resolve(__dirname, '../../server/content/data');

type Texts = Partial<Record<Lang, Record<string, string>>>;
interface Item {
  key: string;
  text: Texts;
}

const read = (file: string): Item[] => {
  const parsed = JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Item | Item[];
  return Array.isArray(parsed) ? parsed : [parsed];
};

const FILES = ['pages.json', 'faq.json', 'popup.json', 'articles.json'];

/** A letter of the language's own script, for the languages that have one. */
const SCRIPT: Partial<Record<Lang, RegExp>> = {
  zh: /[\u4e00-\u9fff]/,
  hk: /[\u4e00-\u9fff]/,
  jp: /[\u3040-\u30ff\u4e00-\u9fff]/,
  kor: /[\uac00-\ud7af]/,
  th: /[\u0e00-\u0e7f]/,
  vi: /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i,
};
const PLACEHOLDER = /\b(TODO|TBD|FIXME|lorem ipsum|translate me|xxx)\b|\{\{|\[(en|zh|hk|jp|kor|th|vi|fra|spa)\]/i;

/** Names, symbols and numbers only (`TON/USDT`, `Kestrel`): the same in every language. */
const isInvariant = (text: string) => /^[A-Z][A-Za-z0-9]*$|^[A-Z0-9 /.,:&()+-]+$/.test(text.trim());

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);
/** The share of a text's longer Latin words that are words of the English text too. */
function englishShare(text: string, english: string): number {
  const own = words(text);
  if (own.size < 6) return 0;
  const en = words(english);
  return [...own].filter((w) => en.has(w)).length / own.size;
}

/** A number, with the thousands written the language's way (`1,000,000`, `1.000.000`, `1 000 000`). */
const NUMBER = /\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)|\d+/g;
/**
 * Figures a language states differently on purpose: the Japanese app reads the advanced
 * per-trade fiat limit as 100,000 USDT where the others read 1,000,000; the server enforces
 * 100,000 for everyone (docs/OTC.md), and tests/server/content.test.ts pins both readings.
 */
const SPEC_READINGS: Partial<Record<string, Record<string, string>>> = { jp: { '1000000': '100000' } };
const numbersOf = (text: string) => new Set((text.match(NUMBER) ?? []).map((n) => n.replace(/[,.\u00a0\u202f ]/g, '')));

/** The share of Latin letters among a text's letters. */
function latinShare(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length ? letters.filter((c) => /[A-Za-z]/.test(c)).length / letters.length : 0;
}

/** Every problem of one item's texts, as `key lang field: why`. */
function problemsOf(item: Item): string[] {
  const out: string[] = [];
  const en = item.text.en ?? {};
  for (const lang of LANGS) {
    const texts = item.text[lang];
    if (!texts) {
      out.push(`${item.key} ${lang}: missing`);
      continue;
    }
    for (const [field, english] of Object.entries(en)) {
      const text = texts[field];
      const at = `${item.key} ${lang} ${field}`;
      if (text === undefined) out.push(`${at}: missing`);
      else if (!english.trim()) continue;
      else if (!text.trim()) out.push(`${at}: empty`);
      else if (PLACEHOLDER.test(text)) out.push(`${at}: placeholder`);
      else if (lang === 'en' || isInvariant(english)) continue;
      else if (text === english) out.push(`${at}: same as English`);
      else if (englishShare(text, english) > 0.5) out.push(`${at}: mostly English words`);
      else if (SCRIPT[lang] && !SCRIPT[lang].test(text)) out.push(`${at}: not in the language's script`);
      else if (text.length > 80 && ['zh', 'hk', 'jp', 'kor', 'th'].includes(lang) && latinShare(text) > 0.5)
        out.push(`${at}: mostly Latin letters`);
      const numbers = text === undefined ? null : numbersOf(text);
      const own = SPEC_READINGS[lang] ?? {};
      const lost = numbers ? [...numbersOf(english)].filter((n) => !numbers.has(n) && !(own[n] && numbers.has(own[n]))) : [];
      if (lost.length) out.push(`${at}: lost the numbers ${lost.join(', ')}`);
      if (lang === 'hk' && text !== undefined && SCRIPT.hk!.test(text) && item.text.zh?.[field] === text)
        out.push(`${at}: same as Simplified`);
    }
  }
  return out;
}

describe('content texts in every language', () => {
  for (const file of FILES)
    it(`${file}: every text is real in all 9 languages`, () => {
      const items = read(file);
      expect(items.length).toBeGreaterThan(0);
      expect(items.flatMap(problemsOf)).toEqual([]);
    });

  it('the checks catch what they are for', () => {
    const english = {
      title: 'Operational compliance',
      body: 'We keep client assets segregated and audited every quarter by an independent firm.',
    };
    const good: Texts = {
      en: english,
      zh: { title: '合规运营', body: '我们将客户资产隔离存放，并每季度由独立机构审计。' },
      hk: { title: '合規營運', body: '我們將客戶資產隔離存放，並每季度由獨立機構審計。' },
      jp: { title: 'コンプライアンス', body: 'お客様の資産は分別管理され、四半期ごとに独立機関の監査を受けています。' },
      kor: { title: '운영 컴플라이언스', body: '고객 자산은 분리 보관되며 매 분기 독립 기관의 감사를 받습니다.' },
      th: { title: 'การปฏิบัติตามกฎระเบียบ', body: 'เราแยกเก็บทรัพย์สินของลูกค้าและได้รับการตรวจสอบทุกไตรมาสโดยบริษัทอิสระ' },
      vi: { title: 'Tuân thủ vận hành', body: 'Chúng tôi tách biệt tài sản khách hàng và được kiểm toán độc lập hằng quý.' },
      fra: {
        title: 'Conformité opérationnelle',
        body: 'Les actifs des clients sont séparés et audités chaque trimestre par un cabinet indépendant.',
      },
      spa: {
        title: 'Cumplimiento operativo',
        body: 'Los activos de los clientes están segregados y auditados cada trimestre por una firma independiente.',
      },
    };
    expect(problemsOf({ key: 'ok', text: good })).toEqual([]);
    const bad: Texts = {
      ...good,
      zh: { title: '合规运营', body: english.body },
      hk: { ...good.zh! },
      th: { title: 'TODO', body: 'เราแยกเก็บทรัพย์สินของลูกค้า' },
      fra: {
        title: 'Conformité opérationnelle',
        body: 'We keep client assets segregated and audited every quarter by an independent cabinet.',
      },
      spa: { title: '', body: 'Los activos de los clientes están segregados.' },
      kor: { title: '운영 컴플라이언스', body: '출금 한도는 24시간당 200 BTC, 거래당 100,000 USDT입니다.' },
      jp: { title: 'コンプライアンス', body: '出金上限は24時間あたり200 BTC、1回あたり1,000,000 USDTです。' },
    };
    const limits = 'You can withdraw 200 BTC per 24 hours and trade up to 1,000,000 USDT at a time.';
    delete bad.vi;
    expect(
      problemsOf({ key: 'bad', text: { ...bad, en: { ...english, body: limits } } }).filter((p) => /^bad (kor|jp) body/.test(p)),
    ).toEqual(['bad kor body: lost the numbers 1000000']);
    bad.kor = good.kor;
    bad.jp = good.jp;
    expect(problemsOf({ key: 'bad', text: bad })).toEqual([
      'bad zh body: same as English',
      'bad hk title: same as Simplified',
      'bad th title: placeholder',
      'bad fra body: mostly English words',
      'bad spa title: empty',
      'bad vi: missing',
    ]);
  });
});
