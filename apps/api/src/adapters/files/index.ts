import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Where uploaded files live: local disk served by the API (default) or S3-compatible object storage. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under a key such as "images/2026/abc.png" and answers the public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<{ url: string }>;
  /** The public URL `put` answered for `key`. */
  urlOf(key: string): string;
  /** The bytes of a public file, or null when there is none (the image variants' backfill reads originals). */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /**
   * Private files (TRC lesson plans): stored where nothing serves them publicly; the API reads them back and
   * answers them only for a signed, expiring URL. Local: a folder beside the public one; S3: the `private/`
   * prefix, which the CDN must not serve (docs/runbooks/production.md).
   */
  putPrivate(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The bytes of a private file, or null when there is none. With `range` (inclusive offsets, within the file),
   * only those bytes are read: a PDF viewer asks a large file for a few ranges, never the whole of it.
   */
  readPrivate(key: string, range?: ByteRange): Promise<Buffer | null>;
  deletePrivate(key: string): Promise<void>;
}

export const PRIVATE_PREFIX = 'private';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The policy every user upload is served with: nothing runs (sandbox, no scripts), nothing loads but inline
 * styles and data images, and the type is never sniffed. The local store sends it (app.ts); object storage
 * cannot store response headers, so the CDN in front of the bucket adds the same (docs/runbooks/production.md).
 */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
export const UPLOAD_HEADERS = {
  'content-security-policy': UPLOAD_CSP,
  'x-content-type-options': 'nosniff',
} as const;

/**
 * What an object is stored with in the bucket. An SVG is a document when opened on its own: served as
 * attachment, opening it downloads it instead of rendering it on the CDN's origin (an <img> still shows it),
 * which holds even where the CDN headers are missing. The metadata carries the policy for a CDN function.
 */
export function s3ObjectHeaders(key: string, contentType: string) {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return {
    ContentType: contentType,
    ContentDisposition: `${contentType === 'image/svg+xml' ? 'attachment' : 'inline'}; filename="${name}"`,
    CacheControl: 'public, max-age=31536000, immutable',
    Metadata: { ...UPLOAD_HEADERS },
  };
}

/** Keys are ours (generated), but a key can never climb out of the store's folder. */
function safePath(root: string, key: string): string {
  const path = resolve(root, key);
  if (!path.startsWith(resolve(root) + sep)) throw new Error(`Unsafe file key: ${key}`);
  return path;
}

export function createLocalFileStore(
  root: string,
  publicPrefix = '/files',
  privateRoot = `${resolve(root)}-${PRIVATE_PREFIX}`,
): FileStore {
  const urlOf = (key: string) => `${publicPrefix}/${key}`;
  return {
    kind: 'local',
    async putPrivate(key, body) {
      const path = safePath(privateRoot, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async readPrivate(key, range) {
      try {
        const path = safePath(privateRoot, key);
        if (!range) return await readFile(path);
        const file = await open(path, 'r');
        try {
          const bytes = Buffer.alloc(range.end - range.start + 1);
          const { bytesRead } = await file.read(bytes, 0, bytes.length, range.start);
          return bytes.subarray(0, bytesRead);
        } finally {
          await file.close();
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrivate(key) {
      await rm(safePath(privateRoot, key), { force: true });
    },
    async put(key, body) {
      const path = safePath(root, key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside it, then renamed over it: a file stored again (the metadata backfill) is never read half
      // written, by a member's browser or by the variants' backfill.
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, body);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { url: urlOf(key) };
    },
    urlOf,
    async read(key) {
      try {
        return await readFile(safePath(root, key));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(safePath(root, key), { force: true });
    },
  };
}

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The public base URL of the bucket (CDN), e.g. https://cdn.example.com */
  publicUrl: string;
}

export function createS3FileStore(options: S3Options): FileStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const urlOf = (key: string) => `${options.publicUrl.replace(/\/$/, '')}/${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ...s3ObjectHeaders(key, contentType),
        }),
      );
      return { url: urlOf(key) };
    },
    urlOf,
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async putPrivate(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: `${PRIVATE_PREFIX}/${key}`,
          Body: body,
          ContentType: contentType,
          CacheControl: 'private, no-store',
        }),
      );
    },
    async readPrivate(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: options.bucket,
            Key: `${PRIVATE_PREFIX}/${key}`,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async deletePrivate(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: `${PRIVATE_PREFIX}/${key}` }));
    },
  };
}

export const filesRoot = (dataDir: string) => join(resolve(dataDir), 'files');
