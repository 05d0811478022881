import slugify from 'slugify';

/** Longest space: it names tile URLs and the `loteamento` query, so it stays short. */
const SPACE_MAX = 60;

/** The space a project name suggests: lower-case ASCII words joined by '-' ('projeto' for a name with none). */
export function spaceBase(name: string): string {
  const slug = slugify(name, { lower: true, strict: true, locale: 'pt', trim: true })
    .replace(/-+/g, '-')
    .slice(0, SPACE_MAX)
    .replace(/^-+|-+$/g, '');
  return /^[a-z0-9]/.test(slug) ? slug : 'projeto';
}

/** `base` if free, else `base-2`, `base-3`… the first one no project has. */
export function freeSpace(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
