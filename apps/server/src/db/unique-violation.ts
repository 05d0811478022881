const UNIQUE_VIOLATION = '23505';

/** True when PostgreSQL refused a write for breaking a unique constraint (this one, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: broken } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === undefined || broken === constraint);
}
