import { describe, expect, it } from 'vitest';
import { EmbeddedPostgresError } from '../db/embedded-postgres';
import { describeStartupFailure } from './failure';
import { STARTUP_REFUSED_EXIT_CODE, StartupRefusal } from './refusal';

const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('start-up failure messages', () => {
  it('says the HTTP port is in use, naming PORT, and refuses (no restart)', () => {
    const failure = describeStartupFailure(errno('EADDRINUSE', 'listen EADDRINUSE: address already in use'), {
      port: 3000,
    });
    expect(failure).toEqual({
      message:
        'A porta 3000 do servidor web (PORT) já está em uso (outra instância do Mirante ou outro programa). ' +
        'Defina PORT com uma porta livre (e EMBEDDED_PG_PORT, se for outra instância do Mirante), ou encerre a ' +
        'outra instância.',
      showStack: false,
      exitCode: STARTUP_REFUSED_EXIT_CODE,
    });
  });

  it('says a privileged HTTP port needs another PORT', () => {
    const failure = describeStartupFailure(errno('EACCES', 'listen EACCES: permission denied'), { port: 80 });
    expect(failure.message).toContain('Sem permissão para usar a porta 80 do servidor web (PORT)');
    expect(failure.exitCode).toBe(STARTUP_REFUSED_EXIT_CODE);
  });

  it('prints a refusal as it is, without a stack, and exits with the refusal code', () => {
    const text = 'A porta 54329 do PostgreSQL embutido já está em uso.';
    expect(describeStartupFailure(new StartupRefusal(text), { port: 3000 })).toEqual({
      message: text,
      showStack: false,
      exitCode: STARTUP_REFUSED_EXIT_CODE,
    });
  });

  it('prints a PostgreSQL that would not start as it is, leaving the restart to the supervisor', () => {
    const failure = describeStartupFailure(new EmbeddedPostgresError('O PostgreSQL embutido não iniciou.'), {
      port: 3000,
    });
    expect(failure).toEqual({ message: 'O PostgreSQL embutido não iniciou.', showStack: false, exitCode: 1 });
  });

  it('never says "undefined": a rejection without a reason is named as such, with the hint to see the log', () => {
    for (const reason of [undefined, null, '']) {
      const failure = describeStartupFailure(reason, { port: 3000 });
      expect(failure.message).toBe(
        'erro sem descrição. Veja as mensagens acima no registro (log) do servidor para os detalhes.',
      );
      expect(failure.exitCode).toBe(1);
    }
  });

  it('gives an unexpected error its message and code, with its stack and the hint to see the log', () => {
    const failure = describeStartupFailure(errno('ENOSPC', 'no space left on device, write'), { port: 3000 });
    expect(failure).toEqual({
      message:
        'no space left on device, write (ENOSPC). Veja as mensagens acima no registro (log) do servidor para os detalhes.',
      showStack: true,
      exitCode: 1,
    });
  });

  it('ends a multi-line message (initdb quoted in it) with one full stop before the hint', () => {
    const failure = describeStartupFailure(new Error('initdb: error: Permission denied.\n'), { port: 3000 });
    expect(failure.message).toBe(
      'initdb: error: Permission denied. Veja as mensagens acima no registro (log) do servidor para os detalhes.',
    );
  });

  it('reads an AggregateError with no message of its own from its errors', () => {
    const error = new AggregateError([
      errno('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      errno('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
    ]);
    expect(describeStartupFailure(error, { port: 3000 }).message).toMatch(
      /^connect ECONNREFUSED 127\.0\.0\.1:5432; connect ECONNREFUSED ::1:5432\. Veja/,
    );
  });

  it('describes a thrown non-error value', () => {
    expect(describeStartupFailure({ reason: 'x' }, { port: 3000 }).message).toMatch(
      /^\{"reason":"x"\}\. Veja/,
    );
  });
});
