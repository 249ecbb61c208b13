/**
 * How file and folder names compare, and the free name an upload gets when its name is taken.
 */
import { FILE_NAME_MAX } from '@tun/shared';

/** The name as compared: «Rapport.PDF» and «rapport.pdf» are the same name in one folder. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** «navn.pdf» → ['navn', '.pdf']; a leading dot («.profile») is part of the name, not an extension. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * The name itself when free, else «navn (2).pdf», «navn (3).pdf»… as file managers do. `taken`
 * holds the name keys in the folder that begin with the stem. The stem is shortened when the
 * number would take the name past the limit.
 */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(nameKey(name))) return name;
  const [stem, extension] = splitExtension(name);
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})${extension}`;
    const candidate = `${[...stem].slice(0, Math.max(1, FILE_NAME_MAX - [...suffix].length)).join('')}${suffix}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

/**
 * What `freeName` needs to look up: every numbered name it could try begins with this key, the
 * stem as far as a number up to « (99999999)» leaves it whole.
 */
export function clashPrefix(name: string): string {
  const [stem, extension] = splitExtension(name);
  const kept = Math.max(1, FILE_NAME_MAX - [...extension].length - ' (99999999)'.length);
  return nameKey([...stem].slice(0, kept).join(''));
}
