/** Error codes of a PostgreSQL that is gone, restarting or refusing connections (node and SQLSTATE codes). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** node-postgres reports a dropped or refused connection by message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'terminating connection',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

export const DATABASE_UNAVAILABLE_MESSAGE =
  'O banco de dados está indisponível no momento. Tente novamente em alguns instantes.';

/** Whether an error means "the database is away" (answer 503, keep running) rather than a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message))) return true;
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/**
 * node-postgres can surface a lost connection outside any request (an 'error' event or a rejection nobody
 * awaits); Node would end the process for it. Those are logged and survived; anything else still ends it.
 */
export function surviveDatabaseLoss(log: (message: string) => void): void {
  const survive = (kind: string) => (error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      log(`conexão com o banco de dados perdida (${kind}): ${(error as Error).message}`);
      return;
    }
    console.error(`[mirante] ${kind}:`, error);
    process.exit(1);
  };
  process.on('uncaughtException', survive('uncaughtException'));
  process.on('unhandledRejection', survive('unhandledRejection'));
}
