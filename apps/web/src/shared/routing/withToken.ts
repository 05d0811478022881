/** Keeps the `?token=` of a token sign-in on internal links ("keeping token"). */
export function withToken(path: string, search: string): string {
  const token = new URLSearchParams(search).get('token');
  if (!token) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}token=${encodeURIComponent(token)}`;
}
