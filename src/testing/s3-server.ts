import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { BucketSettings } from "../platform/storage/bucket-storage.ts";
import { bucketStorage } from "../platform/storage/bucket-storage.ts";
import type { Storage } from "../platform/storage/storage.ts";

/**
 * A local S3-compatible server for tests, CI and the production shape: `@20minutes/s3rver` (a devDependency; the
 * maintained fork of s3rver, docs/decisions/0055-object-storage.md), on a free port of 127.0.0.1 with its own
 * temporary folder and one empty bucket. Null when the package is not installed: the tests that need it then say
 * skipped.
 */
export interface TestS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** The shop's settings for this bucket (path style, s3rver's fixed keys). */
  settings: BucketSettings;
  /** The same as S3_* environment variables, for a shop started as a process. */
  env: Record<string, string>;
  /** A Storage over the bucket (closed with the server). */
  storage(): Storage;
  close(): Promise<void>;
}

/** s3rver's built-in access key and secret. */
const S3RVER_KEY = "S3RVER";

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

async function loadS3rver(): Promise<S3rverClass | null> {
  try {
    // By a name in a variable: the package has no types, and may be absent (a production install).
    const name = "@20minutes/s3rver";
    const module = (await import(name)) as { default: S3rverClass };
    return module.default;
  } catch {
    return null;
  }
}

export async function startTestS3(
  options: { bucket?: string; directory?: string } = {},
): Promise<TestS3 | null> {
  const S3rver = await loadS3rver();
  if (!S3rver) return null;
  const bucket = options.bucket ?? "shop-test";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // The SDK signs a bucket's own requests (HeadBucket, ListObjectsV2) for the path `/<bucket>/`, which s3rver
    // canonicalises as `/<bucket>` and so refuses; object requests agree. The access key is still checked.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: BucketSettings = {
    bucket,
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    timeoutMs: 10_000,
  };
  const opened: Storage[] = [];
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    storage() {
      const storage = bucketStorage(settings);
      opened.push(storage);
      return storage;
    },
    async close() {
      for (const storage of opened) storage.close();
      await server.close();
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
