/**
 * Where photo files live: one interface, two stores.
 * - `LocalMediaStore`: files under MEDIA_DIR (default ./data/media) — one node, no setup.
 * - `S3MediaStore`: an S3-compatible bucket (AWS S3, MinIO, …) through @aws-sdk/client-s3 when S3_BUCKET is
 *   set — several app nodes share it, so photos survive the loss of a node.
 * Keys are server-generated (`photos/{random}/{variant}.{ext}`); nothing a client sends becomes a path.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../../config';
import { lazyImport } from '../../lazyImport';
import type { Logger } from '../../log';

const s3 = lazyImport(() => import('@aws-sdk/client-s3'));

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Where failures of work done after a commit (removing files) are reported. */
  readonly logger: Logger;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk, streamed (a prepared data export): never read into memory whole. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes these objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9]+(?:\/[a-z0-9._-]+)*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe media key: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.zip': 'application/zip',
};

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  constructor(
    readonly root: string,
    readonly logger: Logger,
  ) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await copyFile(source, partial);
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return {
        body: createReadStream(file),
        size: info.size,
        contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      const file = this.file(key);
      await rm(file, { force: true });
      folders.add(path.dirname(file));
    }
    // A photo's folder goes when its last file does.
    for (const folder of folders) await rmdir(folder).catch(() => undefined);
  }
}

export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  #client: Promise<S3Client> | undefined;
  constructor(
    readonly settings: S3Settings,
    readonly logger: Logger,
  ) {}

  /** The S3 client, made on first use (the SDK is imported then, not at start). */
  client(): Promise<S3Client> {
    this.#client ??= s3().then(({ S3Client }) => {
      const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = this.settings;
      const config: S3ClientConfig = { region, endpoint, forcePathStyle };
      if (accessKeyId && secretAccessKey) config.credentials = { accessKeyId, secretAccessKey };
      return new S3Client(config);
    });
    return this.#client;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([s3(), this.client()]);
    await client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    const [{ PutObjectCommand }, client] = await Promise.all([s3(), this.client()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const [{ GetObjectCommand, NoSuchKey }, client] = await Promise.all([s3(), this.client()]);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
      };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const [{ DeleteObjectsCommand }, client] = await Promise.all([s3(), this.client()]);
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000).map((key) => ({ Key: checkKey(key) }));
      if (chunk.length) {
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: chunk, Quiet: true } }),
        );
        // S3 answers 200 with per-object errors: a key it could not remove is a failure to retry.
        const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
        if (failed.length) throw new Error(`S3 could not remove ${failed.length} objects (${failed[0]!.Code})`);
      }
    }
  }
}

/** The store the configuration names: S3 when a bucket is set, else local files. */
export function createMediaStore(config: Pick<Config, 'mediaDir' | 's3'>, logger: Logger): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3, logger) : new LocalMediaStore(config.mediaDir, logger);
}

/** Reads a stored object fully (small variants: for AI captions and tests). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(body)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
