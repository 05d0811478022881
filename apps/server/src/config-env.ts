import { z } from 'zod';

/**
 * The environment variables whose form can be checked on their own (numbers, switches, levels), validated once at
 * boot: a value that is set but wrong stops the start-up with a pt-BR line naming the variable and what it accepts,
 * instead of being silently replaced by the default. Unset or empty means the default.
 */
const unset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function integer(name: string, min: number, max: number) {
  return z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: `${name} deve ser um número inteiro entre ${min} e ${max}.` })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, { error: `${name} deve ser um número inteiro entre ${min} e ${max}.` })
          .max(max, { error: `${name} deve ser um número inteiro entre ${min} e ${max}.` }),
      )
      .optional(),
  );
}

function positiveNumber(name: string, max: number) {
  return z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { error: `${name} deve ser um número maior que zero (até ${max}).` })
      .transform(Number)
      .pipe(
        z
          .number()
          .gt(0, { error: `${name} deve ser um número maior que zero (até ${max}).` })
          .max(max, { error: `${name} deve ser um número maior que zero (até ${max}).` }),
      )
      .optional(),
  );
}

const switchOf = (name: string) =>
  z.preprocess(
    unset,
    z.enum(['0', '1'], { error: `${name} aceita 0 (desligado) ou 1 (ligado).` }).optional(),
  );

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const envSchema = z.object({
  PORT: integer('PORT', 1, 65535),
  EMBEDDED_PG_PORT: integer('EMBEDDED_PG_PORT', 1, 65535),
  SESSION_TTL_HOURS: integer('SESSION_TTL_HOURS', 1, 24 * 365),
  SESSION_IDLE_MINUTES: integer('SESSION_IDLE_MINUTES', 1, 60 * 24 * 30),
  PASSWORD_TOKEN_TTL_HOURS: integer('PASSWORD_TOKEN_TTL_HOURS', 1, 24 * 30),
  ACCESS_TOKEN_TTL_DAYS: integer('ACCESS_TOKEN_TTL_DAYS', 1, 3650),
  LOGIN_RATE_LIMIT: integer('LOGIN_RATE_LIMIT', 1, 100_000_000),
  JOB_PICKUP_SECONDS: integer('JOB_PICKUP_SECONDS', 1, 3600),
  REMOTE_TASK_CONCURRENCY: integer('REMOTE_TASK_CONCURRENCY', 1, 64),
  SCENE_UPLOAD_MAX_MB: integer('SCENE_UPLOAD_MAX_MB', 1, 1_048_576),
  TILE_CACHE_MB: integer('TILE_CACHE_MB', 0, 1_048_576),
  CPU_THREADS: integer('CPU_THREADS', 1, 1024),
  CPU_NICENESS: integer('CPU_NICENESS', 0, 19),
  CLUSTER_WORKERS: integer('CLUSTER_WORKERS', 1, 256),
  MIRANTE_WORKER_INDEX: integer('MIRANTE_WORKER_INDEX', 0, 255),
  WEB_CONCURRENCY: integer('WEB_CONCURRENCY', 1, 256),
  DEMO_IMAGERY_SCALE: positiveNumber('DEMO_IMAGERY_SCALE', 16),
  DEMO_DATA: switchOf('DEMO_DATA'),
  DEMO_IMAGERY: switchOf('DEMO_IMAGERY'),
  LOG_REQUESTS: switchOf('LOG_REQUESTS'),
  S3_FORCE_PATH_STYLE: switchOf('S3_FORCE_PATH_STYLE'),
  LOG_LEVEL: z.preprocess(
    unset,
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL aceita ${LOG_LEVELS.join(', ')}.` }).optional(),
  ),
});

export type CheckedEnv = z.infer<typeof envSchema>;

/** The checked variables, or an Error whose message lists every wrong one. */
export function checkEnv(env: NodeJS.ProcessEnv): CheckedEnv {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => issue.message);
  throw new Error(`Configuração inválida: ${problems.join(' ')}`);
}
