// Merges English strings into locales/en.json: `node scripts/add-locale-keys.mjs < keys.json`.
// New keys are added, existing ones are replaced; the file is rewritten in one step.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../locales/en.json', import.meta.url);
const input = JSON.parse(readFileSync(0, 'utf8'));
const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    else target[key] = value;
  }
  return target;
};
const en = merge(JSON.parse(readFileSync(file, 'utf8')), input);
writeFileSync(file, `${JSON.stringify(en, null, 2)}\n`);
