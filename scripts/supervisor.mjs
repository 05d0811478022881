// The supervisor of `npm start`: runs the server as a child process and starts it again when it dies (a crash,
// a `kill -9`, the kernel's OOM killer), after a growing pause: 1 s, 2 s, 4 s… up to 30 s. A server that keeps
// dying (more than `maxCrashes` times within `windowMs`) is a crash loop: the supervisor gives up with a message
// saying so and exits 1, so that an outer supervisor (systemd) or a person sees it. SIGINT/SIGTERM stop the server
// gracefully and then the supervisor; a server that exits by itself with code 0 was stopped on purpose and is not
// started again, nor is one that refused to start (STARTUP_REFUSED_EXIT_CODE: a port in use, a data folder held by
// another instance), which a restart would not fix: the supervisor exits with that code after the server's message.
import { spawn } from 'node:child_process';

/** The server's exit code for a start-up refusal (apps/server/src/startup/refusal.ts keeps the same number). */
export const STARTUP_REFUSED_EXIT_CODE = 78;

/** Defaults; `SUPERVISOR_RESTART_DELAY_MS` and `SUPERVISOR_MAX_CRASHES` override the first two. */
export const SUPERVISOR_DEFAULTS = {
  firstDelayMs: 1_000,
  maxCrashes: 5,
  maxDelayMs: 30_000,
  windowMs: 10 * 60_000,
};

function positive(value, fallback) {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : fallback;
}

/** The policy from the environment (tests shorten the pause; operators may allow more crashes). */
export function policyFromEnv(env = process.env) {
  return {
    ...SUPERVISOR_DEFAULTS,
    firstDelayMs: positive(env.SUPERVISOR_RESTART_DELAY_MS, SUPERVISOR_DEFAULTS.firstDelayMs),
    maxCrashes: Math.floor(positive(env.SUPERVISOR_MAX_CRASHES, SUPERVISOR_DEFAULTS.maxCrashes)),
  };
}

const seconds = (ms) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`.replace('.', ','));

/**
 * Runs `command args` under supervision; resolves with the exit code the supervisor should end with.
 * `log` writes one pt-BR line.
 */
export function supervise({ command, args, cwd, env = process.env, log, policy = policyFromEnv(env) }) {
  return new Promise((resolve) => {
    /** When each recent crash happened (only those within `policy.windowMs` count). */
    const crashes = [];
    let child = null;
    let stopping = null;
    let restartTimer = null;
    let starts = 0;

    const start = () => {
      restartTimer = null;
      starts += 1;
      child = spawn(command, args, { cwd, env, stdio: 'inherit' });
      log(`Servidor iniciado (pid ${child.pid}${starts > 1 ? `, reinício ${starts - 1}` : ''}).`);
      child.on('exit', (code, signal) => {
        child = null;
        if (stopping) return resolve(code ?? 0);
        if (code === 0) {
          log('O servidor encerrou normalmente; o supervisor também encerra.');
          return resolve(0);
        }
        if (code === STARTUP_REFUSED_EXIT_CODE) {
          log(
            'O servidor não pôde iniciar (veja o motivo acima); reiniciá-lo não resolveria, então o supervisor ' +
              'também encerra. Corrija a causa e rode `npm start` de novo.',
          );
          return resolve(code);
        }
        const now = Date.now();
        crashes.push(now);
        while (crashes.length > 0 && crashes[0] < now - policy.windowMs) crashes.shift();
        const how = signal ? `pelo sinal ${signal}` : `com o código ${code}`;
        if (crashes.length > policy.maxCrashes) {
          log(
            `O servidor parou ${how} e já caiu ${crashes.length} vezes em ${Math.round(policy.windowMs / 60_000)} minutos: ` +
              'o supervisor desistiu de reiniciá-lo. Veja as mensagens de erro acima, corrija a causa e rode `npm start` de novo.',
          );
          return resolve(1);
        }
        const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (crashes.length - 1));
        log(
          `O servidor parou inesperadamente (${how}); reiniciando em ${seconds(delay)} ` +
            `(queda ${crashes.length} de no máximo ${policy.maxCrashes} em ${Math.round(policy.windowMs / 60_000)} minutos).`,
        );
        restartTimer = setTimeout(start, delay);
      });
    };

    const stop = (signal) => {
      if (stopping) return;
      stopping = signal;
      if (restartTimer) {
        clearTimeout(restartTimer);
        return resolve(0);
      }
      child?.kill(signal);
    };
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
    start();
  });
}
