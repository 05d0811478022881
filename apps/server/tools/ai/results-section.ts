import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces (or appends) the text between `<!-- key:start -->` and `<!-- key:end -->` in a shared results file,
 * leaving the other sections as they are. Re-reads the file right before writing: others write their sections
 * too.
 */
export function writeResultsSection(file: string, key: string, body: string): void {
  const start = `<!-- ${key}:start -->`;
  const end = `<!-- ${key}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
