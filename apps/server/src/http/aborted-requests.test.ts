import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { abortAwareLogMethod, CLIENT_ABORT_MESSAGE } from './aborted-requests';

/** A debug-level pino logger with the hook, its lines parsed. */
function hookedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'debug', hooks: { logMethod: abortAwareLogMethod } }, sink);
  return { logger, lines };
}

const prematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

describe('abortAwareLogMethod', () => {
  it('lowers an error line whose error says the client went away to a debug line', () => {
    const { logger, lines } = hookedLogger();
    logger.error({ err: prematureClose() }, 'premature close');
    logger.error(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [20, CLIENT_ABORT_MESSAGE],
      [20, CLIENT_ABORT_MESSAGE],
    ]);
  });

  it('keeps a line that states a 5xx an error, whatever its cause, and any other error an error', () => {
    const { logger, lines } = hookedLogger();
    logger.error({ err: prematureClose(), statusCode: 500 }, 'falha');
    logger.error({ err: new Error('boom') }, 'outra falha');
    expect(lines.map((line) => line.level)).toEqual([50, 50]);
  });
});
