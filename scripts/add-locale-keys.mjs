// Merges strings into one language's namespace files:
//   node scripts/add-locale-keys.mjs [lang] < keys.json
// keys.json is nested by full key, `{ "funds": { "withdraw": { "title": "…" } } }`: its top level
// names the namespace (locales/<lang>/funds.json). New keys are added, existing ones replaced.
// The language defaults to en; every language must end up with every key (tests/unit/locales.test.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lang = process.argv[2] ?? 'en';
const input = JSON.parse(readFileSync(0, 'utf8'));
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    else target[key] = value;
  }
  return target;
};
for (const [ns, keys] of Object.entries(input)) {
  const file = new URL(`../locales/${lang}/${ns}.json`, import.meta.url);
  if (!existsSync(file))
    throw new Error(`no namespace ${lang}/${ns}: add it to NAMESPACES in domain/i18n.ts and src/i18nResources.ts first`);
  writeFileSync(file, `${JSON.stringify(merge(JSON.parse(readFileSync(file, 'utf8')), keys), null, 2)}\n`);
}
