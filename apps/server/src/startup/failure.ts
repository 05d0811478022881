import { EmbeddedPostgresError } from '../db/embedded-postgres';
import { STARTUP_REFUSED_EXIT_CODE, StartupRefusal } from './refusal';

export interface StartupFailure {
  /** One pt-BR line: the cause and what to do. */
  message: string;
  /** Whether the stack belongs in the log (an unexpected error), not only the message. */
  showStack: boolean;
  exitCode: number;
}

const LOG_HINT = 'Veja as mensagens acima no registro (log) do servidor para os detalhes.';

function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The text of any thrown value; an AggregateError (e.g. a connection refused on IPv4 and IPv6) has none itself. */
function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0 && !error.message)
    return error.errors.map(describe).join('; ');
  if (error instanceof Error) {
    const code = errnoCode(error);
    const text = error.message || error.name;
    return code && !text.includes(code) ? `${text} (${code})` : text;
  }
  if (error === undefined || error === null || error === '') return 'erro sem descrição';
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/** The HTTP port's own refusals (its listen failed), naming PORT. */
function httpListenFailure(error: unknown, port: number): string | null {
  const code = errnoCode(error);
  if (code === 'EADDRINUSE')
    return (
      `A porta ${port} do servidor web (PORT) já está em uso (outra instância do Mirante ou outro programa). ` +
      'Defina PORT com uma porta livre (e EMBEDDED_PG_PORT, se for outra instância do Mirante), ou encerre a ' +
      'outra instância.'
    );
  if (code === 'EACCES')
    return (
      `Sem permissão para usar a porta ${port} do servidor web (PORT): portas abaixo de 1024 exigem privilégios. ` +
      'Defina PORT com uma porta acima de 1024 (por exemplo 3000).'
    );
  if (code === 'EADDRNOTAVAIL')
    return 'O endereço definido em HOST não pertence a esta máquina. Defina HOST (por exemplo 0.0.0.0) e tente de novo.';
  return null;
}

/** What the server prints, and the code it exits with, when its start-up fails with `error`. */
export function describeStartupFailure(error: unknown, http: { port: number }): StartupFailure {
  const listen = httpListenFailure(error, http.port);
  if (listen) return { message: listen, showStack: false, exitCode: STARTUP_REFUSED_EXIT_CODE };
  if (error instanceof StartupRefusal)
    return { message: error.message, showStack: false, exitCode: STARTUP_REFUSED_EXIT_CODE };
  if (error instanceof EmbeddedPostgresError)
    return { message: error.message, showStack: false, exitCode: 1 };
  const text = describe(error).trim().replace(/\.+$/, '');
  return { message: `${text}. ${LOG_HINT}`, showStack: true, exitCode: 1 };
}
