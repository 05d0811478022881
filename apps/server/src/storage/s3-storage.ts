import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { Storage } from './storage';

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

/**
 * Storage in an S3-compatible bucket (AWS, MinIO, R2…). Range reads map to `Range` GETs, so tile archives
 * are served straight from the bucket. Exercised against s3rver by the reliability suite (`test/reliability/`).
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // The SDK's default checksums stream uploads as aws-chunked bodies with trailers, which several
    // S3-compatible servers store verbatim (a corrupt file): checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key);

  const getBody = async (key: string, range?: string) => {
    const response = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range }));
    return response.Body as Readable;
  };

  return {
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body }));
    },
    async putFile(key, localPath) {
      // A single PUT takes up to 5 GB, above the upload limit; the length lets the SDK stream the file.
      const { size } = await stat(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: createReadStream(localPath),
          ContentLength: size,
        }),
      );
    },
    async getStream(key) {
      return getBody(key);
    },
    async readRange(key, offset, length) {
      if (length <= 0) return Buffer.alloc(0);
      const body = await getBody(key, `bytes=${offset}-${offset + length - 1}`);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      return (await this.size(key)) !== null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      const Prefix = `${objectKey(prefix).replace(/\/$/, '')}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (Objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async *list(prefix) {
      const Prefix = `${objectKey(prefix).replace(/\/$/, '')}/`;
      const strip = config.prefix ? config.prefix.length + 1 : 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key && item.LastModified)
            yield { key: item.Key.slice(strip), modified: item.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
