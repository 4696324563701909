import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import {
  checkKey,
  contentTypeOf,
  IMMUTABLE,
  type ObjectInfo,
  PUBLIC_PREFIX,
  type Storage,
  type StoredObject,
} from "./storage.ts";

/** An S3-compatible bucket (S3_BUCKET and the rest: src/platform/config.ts). */
export interface BucketSettings {
  bucket: string;
  /** Absent: AWS S3 itself (by region). Given: Cloudflare R2, MinIO, Ceph, SeaweedFS, a local test server... */
  endpoint: string | undefined;
  region: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, Ceph and most self-hosted servers). */
  forcePathStyle: boolean;
  /** AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; absent: the SDK's own chain (instance role, profile...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The longest one call may take before it fails (a stream's body, once flowing, is not cut). */
  timeoutMs: number;
}

const notFound = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === "NoSuchKey" || failure.name === "NotFound" || failure.$metadata?.httpStatusCode === 404
  );
};

/**
 * The bucket adapter, through `@aws-sdk/client-s3`. Every call has a deadline (`timeoutMs`, by an abort signal;
 * a GET's only until its headers arrive, so a large body may take as long as the shopper's connection needs).
 * Against a server that is not AWS the SDK's default CRC checksums on every request and response are turned down
 * to "when required": several S3-compatible servers refuse or mangle them. Public objects are stored with a
 * year's immutable Cache-Control, so a public bucket or a CDN in front of it serves them as the shop does.
 */
export function bucketStorage(settings: BucketSettings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    ...(settings.endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
      : {}),
    requestHandler: {
      connectionTimeout: Math.min(settings.timeoutMs, 5000),
      requestTimeout: settings.timeoutMs,
    },
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const deadline = () => ({ abortSignal: AbortSignal.timeout(settings.timeoutMs) });

  const infoOf = (
    key: string,
    answer: { ContentLength?: number; ContentType?: string; LastModified?: Date; ETag?: string },
  ): ObjectInfo => ({
    key,
    size: answer.ContentLength ?? 0,
    contentType: answer.ContentType ?? contentTypeOf(key),
    lastModified: answer.LastModified ?? new Date(0),
    etag: answer.ETag ?? `"${answer.ContentLength ?? 0}"`,
  });

  async function get(key: string): Promise<StoredObject | null> {
    checkKey(key);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error("storage: no answer in time")),
      settings.timeoutMs,
    );
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), {
        abortSignal: controller.signal,
      });
      return { ...infoOf(key, answer), body: answer.Body as Readable };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: "bucket",

    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ...(key.startsWith(PUBLIC_PREFIX)
            ? { CacheControl: IMMUTABLE }
            : { CacheControl: "private, no-store" }),
        }),
        deadline(),
      );
    },

    get,

    async read(key) {
      const object = await get(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async head(key) {
      try {
        return infoOf(
          key,
          await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }), deadline()),
        );
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }), deadline());
    },

    async *list(prefix) {
      checkKey(prefix, { prefix: true });
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
          deadline(),
        );
        for (const entry of page.Contents ?? []) {
          if (!entry.Key) continue;
          yield {
            key: entry.Key,
            size: entry.Size ?? 0,
            contentType: contentTypeOf(entry.Key),
            lastModified: entry.LastModified ?? new Date(0),
            etag: entry.ETag ?? `"${entry.Size ?? 0}"`,
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    /** Start-up: the bucket answers with these credentials, or a readable reason it does not. */
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), deadline());
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const where = settings.endpoint ?? `AWS S3 (${settings.region})`;
        const reason =
          status === 404
            ? "there is no such bucket"
            : status === 403 || status === 401
              ? "the credentials are refused (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)"
              : (error as Error).message;
        throw new Error(`S3_BUCKET "${Bucket}" at ${where} cannot be used: ${reason}`);
      }
    },

    close: () => client.destroy(),
  };
}
