import { TIMELAPSE_MESSAGES } from '@mirante/shared';
import { CpuThreadDiedError } from '../../cpu/cpu-pool';
import { AppError } from '../../http/app-error';

/**
 * An export step that failed, with the pt-BR message its row shows (which frame, or the encoding, or the
 * storage) and the error that caused it, for the server's log.
 */
export class TimelapseStepError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'TimelapseStepError';
  }
}

/** A frame of the scene of `date` (DD/MM/YYYY) failed. */
export function frameFailure(date: string, error: unknown): TimelapseStepError {
  if (error instanceof AppError && error.statusCode === 404)
    return new TimelapseStepError(TIMELAPSE_MESSAGES.sceneGone(date), error);
  if (error instanceof CpuThreadDiedError)
    return new TimelapseStepError(TIMELAPSE_MESSAGES.interrupted(`desenhar o quadro de ${date}`), error);
  return new TimelapseStepError(TIMELAPSE_MESSAGES.frameFailed(date), error);
}

/** The encoding of `frames` frames as `format` (its label, e.g. 'GIF animado') failed. */
export function encodeFailure(format: string, frames: number, error: unknown): TimelapseStepError {
  if (error instanceof CpuThreadDiedError)
    return new TimelapseStepError(TIMELAPSE_MESSAGES.interrupted(`codificar a animação`), error);
  return new TimelapseStepError(TIMELAPSE_MESSAGES.encodeFailed(format, frames), error);
}

/** The message an export's row shows for `error`, and whether the server's log should say why. */
export function failureMessage(error: unknown): { message: string; logged: boolean } {
  if (error instanceof TimelapseStepError) return { message: error.message, logged: true };
  if (error instanceof AppError && error.statusCode < 500) return { message: error.message, logged: false };
  return { message: TIMELAPSE_MESSAGES.exportFailed, logged: true };
}
