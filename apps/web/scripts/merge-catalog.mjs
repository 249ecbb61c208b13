// Merges catalog texts into src/locales/{nb,nn,en}.json in one read-modify-write per file:
//   node apps/web/scripts/merge-catalog.mjs texts.json
// where texts.json is {"nb": {...}, "nn": {...}, "en": {...}} with the same keys in each.
// Existing keys are overwritten; keys keep their nesting; files are written sorted as they were.
import { readFileSync, writeFileSync } from 'node:fs';

const [, , input] = process.argv;
if (!input) {
  console.error('usage: node apps/web/scripts/merge-catalog.mjs texts.json');
  process.exit(2);
}
const texts = JSON.parse(readFileSync(input, 'utf8'));

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      target[key] = merge(target[key] && typeof target[key] === 'object' ? target[key] : {}, value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

for (const language of ['nb', 'nn', 'en']) {
  if (!texts[language]) throw new Error(`missing "${language}" in ${input}`);
  const file = new URL(`../src/locales/${language}.json`, import.meta.url);
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, `${JSON.stringify(merge(catalog, texts[language]), null, 2)}\n`);
}
