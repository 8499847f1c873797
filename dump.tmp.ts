import { writeFileSync } from 'node:fs';
import { SEED_FAQ, SEED_PAGES, SEED_POPUP } from './server/seed/contentPages';
import { SEED_ARTICLES } from './server/seed/newsContent';
const dir =./server/content/data/';
writeFileSync(dir + 'pages.json', JSON.stringify(SEED_PAGES, null, 2) + '\n');
writeFileSync(dir + 'faq.json', JSON.stringify(SEED_FAQ, null, 2) + '\n');
writeFileSync(dir + 'popup.json', JSON.stringify(SEED_POPUP, null, 2) + '\n');
writeFileSync(dir + 'articles.json', JSON.stringify(SEED_ARTICLES, null, 2) + '\n');
