import type { Lang } from '../../domain/i18n';

export interface ArticleText {
  title: string;
  summary: string;
  /** Paragraphs separated by blank lines. */
  body: string;
}

export interface SeedArticle {
  /** Stable key, so a re-seed never duplicates. */
  key: string;
  c_id: 4 | 5;
  image: string | null;
  link: string | null;
  /** Age at seeding, for ordering. */
  daysAgo: number;
  text: Partial<Record<Lang, ArticleText>> & { en: ArticleText };
}

/** Banners (c_id 5) and news (c_id 4) seeded on first start. English is required; other languages fall back to it. */
export const SEED_ARTICLES: SeedArticle[] = [
  {
    key: 'banner-markets',
    c_id: 5,
    image: '/banners/markets.svg',
    link: '/pages/market/market',
    daysAgo: 0,
    text: {
      en: {
        title: '39 markets, one app',
        summary: 'Crypto, stocks, forex and metals with live prices and depth.',
        body: 'Follow 23 crypto pairs, 10 stocks, 4 forex pairs and 2 metals in one place.\n\nEvery quote, trade and candle comes from the same market feed, so the chart, the book and your positions always agree.',
      },
    },
  },
  {
    key: 'banner-security',
    c_id: 5,
    image: '/banners/security.svg',
    link: '/pages/setting/security',
    daysAgo: 1,
    text: {
      en: {
        title: 'Your account, locked down',
        summary: 'Strong password hashing, revocable sessions and verified contact details.',
        body: 'Passwords are stored only as salted scrypt hashes. Sessions can be ended at any time, and changing your password signs out every other device.\n\nBind your email and phone so that only you can recover the account.',
      },
    },
  },
  {
    key: 'banner-honest',
    c_id: 5,
    image: '/banners/honest.svg',
    link: null,
    daysAgo: 2,
    text: {
      en: {
        title: 'Results from recorded prices',
        summary: 'Every settlement is computed from the market price on record.',
        body: 'Nothing on this platform is decided by hand. Option results, liquidations and product settlements are computed from the recorded market price at the moment they happen, and every balance change is written to a journal you can read in your bills.',
      },
    },
  },
  {
    key: 'news-welcome',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 0,
    text: {
      en: {
        title: 'Welcome to Kestrel',
        summary: 'A quick tour of the app: markets, trading, finance and your assets.',
        body: 'The five tabs at the bottom take you to the home page, the market list, trading, finance products and your assets.\n\nStart with the market tab to watch live prices, or open a pair to see its chart and order book. Features that are still being built say so plainly instead of showing made-up data.',
      },
    },
  },
  {
    key: 'news-simulated',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 1,
    text: {
      en: {
        title: 'About the market data on this server',
        summary: 'This installation runs an embedded market simulator.',
        body: 'Prices on this server come from a built-in simulator: a seeded random walk for each pair with its own volatility, producing trades, a 20-level order book and candles for every period.\n\nIt behaves like a real feed and can be replaced by one without changing the app. Do not read these prices as quotes from any exchange.',
      },
    },
  },
  {
    key: 'news-listing',
    c_id: 4,
    image: null,
    link: '/pages/market/market',
    daysAgo: 3,
    text: {
      en: {
        title: 'New listings: TON, APT and NEAR',
        summary: 'Three new pairs quoted in USDT are now live.',
        body: 'TON/USDT, APT/USDT and NEAR/USDT now have live quotes, depth and full chart history.\n\nFind them in the crypto tab of the market page or with search.',
      },
    },
  },
  {
    key: 'news-security-tips',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 5,
    text: {
      en: {
        title: 'Five habits that keep your account safe',
        summary: 'Unique password, bound contacts, and never share a code.',
        body: 'Use a password you use nowhere else. Bind both your email and your phone. Never tell anyone a verification code: our staff will never ask for one.\n\nLog out on shared devices, and if something looks wrong, change your password: every other session ends at once.',
      },
    },
  },
  {
    key: 'news-hours',
    c_id: 4,
    image: null,
    link: null,
    daysAgo: 8,
    text: {
      en: {
        title: 'Stocks, forex and metals trade around the clock here',
        summary: 'Simulated markets do not close at night or on weekends.',
        body: 'Because this server simulates its markets, stock, forex and metal pairs keep trading around the clock.\n\nA deployment connected to a real feed follows that feed\'s trading hours.',
      },
    },
  },
];
