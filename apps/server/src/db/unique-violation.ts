const UNIQUE_VIOLATION = '23505';

/** True when PostgreSQL refused a write for breaking a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}
