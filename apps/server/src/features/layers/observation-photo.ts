import { stat } from 'node:fs/promises';
import { MAP_MESSAGES } from '@mirante/shared';
import sharp from 'sharp';
import { AppError, unprocessable } from '../../http/app-error';
import { megapixels, PHOTO_MAX_PIXELS } from '../../imagery/limits';
import { readHead } from '../../imagery/sniff';
import { sniffPhoto, type PhotoKind, type ReceivedImage } from './observation-upload';

export interface CheckedPhoto extends PhotoKind {
  /** The re-encoded file: only the decoded pixels survive, never bytes appended to or hidden in the upload. */
  path: string;
  size: number;
}

const corrupt = () => unprocessable('INVALID_IMAGE', 'A imagem está corrompida ou incompleta.');

/** Pixel count from the header only (sharp reads no pixel data for `metadata()`). */
async function headerPixels(filePath: string): Promise<number> {
  try {
    const { width, height, pages } = await sharp(filePath, { limitInputPixels: false }).metadata();
    if (!width || !height) throw corrupt();
    return width * height * Math.max(1, pages ?? 1);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt();
  }
}

/**
 * An observation photo we are willing to keep: type by magic bytes, at most `PHOTO_MAX_PIXELS` by its header
 * (before decoding), then decoded and re-encoded in the same format (EXIF orientation applied, metadata dropped),
 * so a polyglot (an image that is also an HTML page or an archive) leaves as a plain image.
 */
export async function checkPhoto(image: ReceivedImage): Promise<CheckedPhoto> {
  const kind = sniffPhoto(await readHead(image.path));
  if (!kind) throw unprocessable('IMAGES_ONLY', MAP_MESSAGES.obsImagesOnly);
  const pixels = await headerPixels(image.path);
  if (pixels > PHOTO_MAX_PIXELS) {
    throw new AppError(
      413,
      'TOO_MANY_PIXELS',
      `A imagem tem ${megapixels(pixels)} megapixels; o limite é ${megapixels(PHOTO_MAX_PIXELS)} megapixels.`,
    );
  }
  const cleanPath = `${image.path}.clean.${kind.extension}`;
  const animated = kind.extension === 'gif' || kind.extension === 'webp';
  try {
    await sharp(image.path, { limitInputPixels: PHOTO_MAX_PIXELS, animated })
      .rotate()
      .toFormat(kind.extension === 'jpg' ? 'jpeg' : (kind.extension as 'png' | 'webp' | 'gif'))
      .toFile(cleanPath);
  } catch {
    throw corrupt();
  }
  return { ...kind, path: cleanPath, size: (await stat(cleanPath)).size };
}
