import type { Readable } from "node:stream";

/**
 * Where the shop keeps the files it makes and takes (docs/decisions/0055-object-storage.md): product photos, their
 * widths and AVIF twins, slides and fallback images (public), and what shoppers upload privately (bank-transfer
 * proofs, return photos). Two adapters: a local folder (the default: DATA_DIR, today's paths) and an S3-compatible
 * bucket (S3_BUCKET). Instances on different machines share a bucket; a folder only works on one machine.
 *
 * Keys are two namespaces, kept apart: `images/…` (served to anyone at `/images/…`, and from S3_PUBLIC_URL when
 * set) and `private/…` (read only by the API for staff). No other key is accepted, and no key may climb out of
 * its namespace (`..`, empty or dot segments, a backslash).
 */

/** What is known of a stored object without reading it. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
  /** A strong or weak validator, quoted as it goes into an ETag header. */
  etag: string;
}

/** A stored object opened for reading: its body is streamed, never read whole by the adapter. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
}

export interface Storage {
  /** "folder" or "bucket": for logs and the copy command. */
  readonly kind: "folder" | "bucket";
  /** Writes an object whole (a reader never sees half of it), replacing one with the same key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Opens an object for streaming, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** An object's bytes, or null: for files the shop works on (a photo to encode, a proof for staff). */
  read(key: string): Promise<Buffer | null>;
  /** An object's size, type and dates, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes an object; one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (which must lie in a namespace), in no promised order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** At start-up: the store can be used, or an Error with a readable reason (a bucket missing, refused keys). */
  check(): Promise<void>;
  /** Lets go of connections (at shutdown). */
  close(): void;
}

export const PUBLIC_PREFIX = "images/";
export const PRIVATE_PREFIX = "private/";
/** The private namespace's folders (in the local folder, DATA_DIR's folders of the same names). */
export const PRIVATE_FOLDERS = ["payment-proofs", "return-photos"] as const;
export type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];

/** Refused key: names the key (never a file path) so the message can be logged as it is. */
export class BadKey extends Error {
  override name = "BadKey";
}

/**
 * Checks a key or a listing prefix: in one of the two namespaces (a private key in one of PRIVATE_FOLDERS), no
 * segment that is empty, `.` or `..`, no backslash or NUL. A prefix may end with `/`; a key may not. Answers the key.
 */
export function checkKey(key: string, { prefix = false } = {}): string {
  const inNamespace =
    key.startsWith(PUBLIC_PREFIX) ||
    (prefix && key === PRIVATE_PREFIX) ||
    PRIVATE_FOLDERS.some((folder) => key.startsWith(`${PRIVATE_PREFIX}${folder}/`));
  const segments = (prefix && key.endsWith("/") ? key.slice(0, -1) : key).split("/");
  const badSegment = segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (!inNamespace || badSegment || /[\\\0]/.test(key))
    throw new BadKey(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The key of a public image from its site address: `/images/products/x.webp` -> `images/products/x.webp`. */
export function imageKey(url: string): string {
  if (!url.startsWith(`/${PUBLIC_PREFIX}`)) throw new BadKey(`not an image URL: ${url}`);
  return checkKey(url.slice(1));
}

/** The site address of a public image's key (`images/x.webp` -> `/images/x.webp`). */
export function imageUrlOf(key: string): string {
  return `/${key}`;
}

/** The key of a privately kept upload: `private/<folder>/<name>` (e.g. `private/payment-proofs/ab12.pdf`). */
export function privateKey(folder: PrivateFolder, name: string): string {
  return checkKey(`${PRIVATE_PREFIX}${folder}/${name}`);
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/** The content type of a key by its extension (the folder keeps no types of its own). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";
  return TYPES[extension] ?? "application/octet-stream";
}

/** All of a listing at once (listings the shop makes are one product's or one folder's files: small). */
export async function listAll(storage: Storage, prefix: string): Promise<ObjectInfo[]> {
  const found: ObjectInfo[] = [];
  for await (const info of storage.list(prefix)) found.push(info);
  return found;
}

/** Public images never change under their address (a new picture gets a new name): caches may keep them. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
