/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = ['settings', 'content_pages', 'news', 'news_i18n', 'faq', 'faq_i18n'] as const;
