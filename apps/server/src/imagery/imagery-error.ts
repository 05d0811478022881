import type { ErrorCode } from '@mirante/shared';

/** A file the imagery pipeline refuses, with a pt-BR message for the person who sent it. */
export class ImageryError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** 422 for bad content, 413 for too large. */
    readonly status: 413 | 422 = 422,
  ) {
    super(message);
    this.name = 'ImageryError';
  }
}
