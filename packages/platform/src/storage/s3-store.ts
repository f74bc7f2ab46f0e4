import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PassThrough, Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  checkKey,
  IMMUTABLE_CACHE,
  meter,
  StorageError,
  STORE_FAULT_TEXT,
  type ObjectInfo,
  type ObjectRange,
  type ObjectStore,
  type PutOptions,
  type PutResult,
  type StoreFault,
} from "./object-store";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** CDN origin for public files (icons, banners): `<publicUrl>/<key>`. */
  publicUrl?: string;
  /** How long a connection may take to open, and a request may stay silent (ms). */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Milliseconds added to this machine's clock when signing (only for testing clock skew). */
  clockOffsetMs?: number;
}

/** Parts of a multipart upload (lib-storage): 8 MB, two in flight. */
const PART_BYTES = 8 * 1024 * 1024;

/** S3-compatible object storage (AWS, MinIO, Aliyun OSS, Tencent COS, Qiniu) through @aws-sdk/client-s3. */
export class S3ObjectStore implements ObjectStore {
  readonly backend = "s3" as const;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint || undefined,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 3,
      systemClockOffset: settings.clockOffsetMs ?? 0,
      requestHandler: {
        connectionTimeout: settings.connectTimeoutMs ?? 5_000,
        requestTimeout: settings.requestTimeoutMs ?? 60_000,
      },
    });
  }

  async put(key: string, body: Readable | Buffer, opts: PutOptions = {}): Promise<PutResult> {
    checkKey(key);
    const m = meter(opts.maxBytes);
    const common = {
      Bucket: this.bucket,
      Key: key,
      ContentType: opts.contentType ?? "application/octet-stream",
      ...(opts.immutable ? { CacheControl: IMMUTABLE_CACHE } : {}),
    };
    try {
      if (Buffer.isBuffer(body)) {
        m.end(body);
        for await (const _ of m);
        await this.client.send(new PutObjectCommand({ ...common, Body: body, ContentLength: body.length }));
        return m.result();
      }
      const through = new PassThrough();
      body.on("error", (e) => through.destroy(e));
      body
        .pipe(m)
        .on("error", (e) => through.destroy(e))
        .pipe(through);
      const upload = new Upload({
        client: this.client,
        params: { ...common, Body: through },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return m.result();
    } catch (e) {
      throw classify(e, key);
    }
  }

  putFile(key: string, file: string, opts: PutOptions = {}): Promise<PutResult> {
    return this.put(key, fs.createReadStream(file), opts);
  }

  async get(key: string, range?: ObjectRange | null): Promise<{ body: Readable; size: number }> {
    checkKey(key);
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = r.ContentRange ? Number(r.ContentRange.split("/")[1]) : Number(r.ContentLength ?? 0);
      return { body: r.Body as Readable, size: total };
    } catch (e) {
      throw classify(e, key);
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    checkKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: Number(r.ContentLength ?? 0), modifiedMs: r.LastModified?.getTime() ?? 0 };
    } catch (e) {
      const err = classify(e, key);
      if (err.code === "NOT_FOUND") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      const err = classify(e, key);
      if (err.code !== "NOT_FOUND") throw err;
    }
  }

  async move(from: string, to: string): Promise<void> {
    checkKey(from);
    checkKey(to);
    try {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${encodeURI(from)}` }),
      );
    } catch (e) {
      throw classify(e, from);
    }
    await this.delete(from);
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }),
        );
      } catch (e) {
        throw classify(e, prefix);
      }
      for (const o of page.Contents ?? [])
        if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0), modifiedMs: o.LastModified?.getTime() ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async signedUrl(key: string, opts: { expiresInSeconds: number; contentDisposition?: string }): Promise<string> {
    checkKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: opts.contentDisposition }),
      { expiresIn: opts.expiresInSeconds },
    );
  }

  publicUrl(key: string): string | null {
    return this.settings.publicUrl ? `${this.settings.publicUrl.replace(/\/+$/, "")}/${checkKey(key)}` : null;
  }

  localPath(): null {
    return null;
  }

  async probe(): Promise<void> {
    const key = `probe/${randomBytes(16).toString("hex")}`;
    const data = randomBytes(64);
    await this.put(key, data);
    try {
      const { body } = await this.get(key);
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c as Buffer);
      if (!Buffer.concat(chunks).equals(data))
        throw new StorageError("UNAVAILABLE", "读回的内容与写入的不一致", "other");
    } finally {
      await this.delete(key).catch(() => undefined);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** Names what went wrong with a request to the store: missing object, or which fault made it unavailable. */
export function classify(e: unknown, key: string): StorageError {
  if (e instanceof StorageError) return e;
  const err = e as {
    name?: string;
    code?: string;
    Code?: string;
    message?: string;
    cause?: { code?: string };
    $metadata?: { httpStatusCode?: number };
  };
  const name = err.Code ?? err.name ?? "";
  const code = err.code ?? err.cause?.code ?? "";
  const status = err.$metadata?.httpStatusCode;
  const fault = (f: StoreFault) =>
    new StorageError("UNAVAILABLE", `${STORE_FAULT_TEXT[f]}（${name || code || status || "?"}）`, f);
  if (e instanceof StorageError) return e;
  if (name === "NoSuchBucket") return fault("bucket");
  if (name === "NoSuchKey" || name === "NotFound" || (status === 404 && name !== "NoSuchBucket"))
    return new StorageError("NOT_FOUND", key);
  if (name === "RequestTimeTooSkewed" || name === "RequestExpired") return fault("clock");
  if (status === 403 || ["AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "Forbidden"].includes(name))
    return fault("forbidden");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return fault("dns");
  if (code === "ECONNREFUSED") return fault("refused");
  if (code === "ETIMEDOUT" || name === "TimeoutError" || code === "ECONNRESET" || name === "RequestTimeout")
    return fault("timeout");
  return new StorageError(
    "UNAVAILABLE",
    `${STORE_FAULT_TEXT.other}：${err.message ?? String(e)}`.slice(0, 300),
    "other",
  );
}
