/** Whether an `If-None-Match` header names `etag` (one value or a comma-separated list). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((value) => value.trim() === etag);
}
