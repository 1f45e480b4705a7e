import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { ObjectStore } from "./object-store";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** This machine's directory for working copies of objects being read. */
  cacheDir: string;
}

const PART_BYTES = 16 * 1024 * 1024;

// Accepted uploads in an S3-compatible object store, so workers on several machines read what
// the web app stored. Files go up streaming (multipart above 16 MiB, never held in memory);
// a reader gets a working copy downloaded to this machine's disk (streamed, then renamed into
// place), deleted when it is released. The SDK is loaded only when this store is used.
export function s3Store(settings: S3Settings): ObjectStore {
  let client: Promise<S3Client> | null = null;
  const sdk = () => import("@aws-sdk/client-s3");
  const getClient = () =>
    (client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: settings.endpoint,
          region: settings.region,
          forcePathStyle: settings.forcePathStyle,
          credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
        }),
    ));
  const prefix = settings.prefix ? settings.prefix.replace(/\/+$/, "") + "/" : "";
  const objectKey = (key: string) => `${prefix}uploads/${key}`;
  const markerKey = `${prefix}storage-id`;
  const where = `s3://${settings.bucket}/${prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;

  async function putStream(key: string, body: Readable | Uint8Array): Promise<void> {
    const [{ Upload }, c] = await Promise.all([import("@aws-sdk/lib-storage"), getClient()]);
    await new Upload({ client: c, params: { Bucket: settings.bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: 2 }).done();
  }

  async function getText(key: string): Promise<string | null> {
    const [{ GetObjectCommand }, c] = await Promise.all([sdk(), getClient()]);
    try {
      const res = await c.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return (await res.Body!.transformToString()).trim() || null;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  return {
    description: `object store ${where}`,
    put: (key, data) => putStream(objectKey(key), data),
    putFromPath: (key, localPath) => putStream(objectKey(key), fs.createReadStream(localPath)),
    async open(key) {
      const [{ GetObjectCommand }, c] = await Promise.all([sdk(), getClient()]);
      let res;
      try {
        res = await c.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
      } catch (e) {
        if (isMissing(e)) throw Object.assign(new Error(`ENOENT: no object ${objectKey(key)} in ${where}`), { code: "ENOENT" });
        throw e;
      }
      await fsp.mkdir(settings.cacheDir, { recursive: true });
      const copy = path.join(settings.cacheDir, `${crypto.randomUUID()}-${key}`);
      const partial = `${copy}.partial`;
      try {
        await pipeline(res.Body as Readable, fs.createWriteStream(partial));
        await fsp.rename(partial, copy);
      } catch (e) {
        await fsp.rm(partial, { force: true });
        throw e;
      }
      return { path: copy, release: () => fsp.rm(copy, { force: true }) };
    },
    async delete(key) {
      const [{ DeleteObjectCommand }, c] = await Promise.all([sdk(), getClient()]);
      await c.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    readMarker: () => getText(markerKey),
    async writeMarker(id) {
      const [{ PutObjectCommand }, c] = await Promise.all([sdk(), getClient()]);
      await c.send(new PutObjectCommand({ Bucket: settings.bucket, Key: markerKey, Body: `${id}\n` }));
    },
  };
}

function isMissing(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === "NoSuchKey" || err?.name === "NotFound" || err?.$metadata?.httpStatusCode === 404;
}
