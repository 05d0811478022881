import type { FuzzCase } from './fuzz-cases';
import { IMPOSSIBLE_DATES } from './fuzz-values';

/** A real scene's tile and file URLs with one segment spoiled at a time: all must answer 4xx. */
export function tileCases(space: string, date: string): FuzzCase[] {
  const badSpaces = ['%00', 'x'.repeat(300), '..', '%2e%2e', 'a%ZZ'];
  const badDates = [...IMPOSSIBLE_DATES, '%00', 'x'.repeat(300), '2025-02-30T00:00'];
  const badNumbers = ['99999999999999999999', '2147483648', '-1', '1e3'];
  const urls: string[] = [];
  const tile = (s: string, d: string, z: string, x: string, y: string, ext = 'png') =>
    `/tiles/${s}/${d}/${z}/${x}/${y}.${ext}`;
  for (const bad of badDates) {
    urls.push(tile(space, bad, '17', '1', '1'), tile(space, bad, '17', '1', '1', 'webp'));
    for (const file of ['preview.png', 'original', 'model']) urls.push(`/tiles/${space}/${bad}/${file}`);
  }
  for (const bad of badSpaces) {
    urls.push(tile(bad, date, '17', '1', '1'));
    for (const file of ['preview.png', 'original', 'model']) urls.push(`/tiles/${bad}/${date}/${file}`);
  }
  for (const bad of badNumbers) {
    urls.push(
      tile(space, date, bad, '1', '1'),
      tile(space, date, '17', bad, '1'),
      tile(space, date, '17', '1', bad),
    );
  }
  urls.push(
    tile(space, date, '17', '1', '1', 'exe'),
    `${tile(space, date, '17', '1', '1')}?v=%00&api_token=%00`,
  );
  return urls.map((url) => ({
    label: `tile ${url.slice(0, 120)}`,
    request: { method: 'GET', url },
    mustBeRefused: true,
  }));
}
