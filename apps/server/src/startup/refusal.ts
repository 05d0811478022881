/**
 * A start-up failure the operator must fix (a port in use, a data folder held by a running instance): starting
 * the server again would fail the same way, so the process exits with STARTUP_REFUSED_EXIT_CODE and `npm start`'s
 * supervisor stops instead of restarting it. Its message is pt-BR and says what to do.
 */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}

/** EX_CONFIG of sysexits.h; scripts/supervisor.mjs keeps the same number. */
export const STARTUP_REFUSED_EXIT_CODE = 78;
