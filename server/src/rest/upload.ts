import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import type { Request } from "express";
import busboy from "busboy";
import { DomainError } from "../common/errors";
import { containsNul } from "../common/nul";
import { sniffImage, type ImageInfo } from "../common/image";
import type { StorageService } from "../modules/storage/storage.service";

/**
 * Multipart uploads for the REST facades. One file per request, in a named field, with a hard size limit
 * enforced while streaming (the request is cut off as soon as it is exceeded). Text fields are ignored.
 */
export const MB = 1024 * 1024;
const IMAGE_MAX_BYTES = 2 * MB;

export interface ReceivedFile {
  /** Temp file in the storage service's temp directory; the caller adopts or removes it. */
  path: string;
  size: number;
  /** The name the client sent: for display only, never used as a path. */
  filename: string;
  mimeType: string;
}

export interface ReceivedImage extends ImageInfo {
  data: Buffer;
}

interface Options {
  field: string;
  maxBytes: number;
}

const sizeLabel = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

/** Streams the file of `field` to a temp file. Throws 400 without it, 413 over `maxBytes`. */
export async function receiveFile(req: Request, storage: StorageService, opts: Options): Promise<ReceivedFile> {
  const tmp = storage.tmpPath();
  let size = 0;
  const result = await parse(req, opts, async (stream) => {
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(null, chunk);
      },
    });
    await pipeline(stream, counter, fs.createWriteStream(tmp, { flags: "wx" }));
  }).catch(async (e) => {
    // Any failure (bad request, too large, write error) leaves no temp file behind.
    await storage.removeTmp(tmp);
    throw e;
  });
  if (!result.file) throw new DomainError("UPLOAD_FILE_MISSING", `缺少上传文件（字段 ${opts.field}）`);
  if (size === 0) {
    await storage.removeTmp(tmp);
    throw new DomainError("UPLOAD_FILE_EMPTY");
  }
  return { path: tmp, size, filename: result.file.filename, mimeType: result.file.mimeType };
}

/** Reads an image of `field` into memory (default limit 2 MB) and checks it really is PNG, JPEG, GIF or WebP. */
export async function receiveImage(req: Request, opts: { field: string; maxBytes?: number }): Promise<ReceivedImage> {
  const chunks: Buffer[] = [];
  const result = await parse(req, { field: opts.field, maxBytes: opts.maxBytes ?? IMAGE_MAX_BYTES }, async (stream) => {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  });
  if (!result.file) throw new DomainError("UPLOAD_FILE_MISSING", `缺少上传文件（字段 ${opts.field}）`);
  const data = Buffer.concat(chunks);
  const info = sniffImage(data);
  if (!info) throw new DomainError("UPLOAD_IMAGE_TYPE");
  return { ...info, data };
}

type FileStream = NodeJS.ReadableStream & { truncated?: boolean };

async function parse(
  req: Request,
  opts: Options,
  consume: (stream: FileStream) => Promise<void>,
): Promise<{ file: { filename: string; mimeType: string } | null }> {
  if (!req.is("multipart/form-data")) throw new DomainError("UPLOAD_NOT_MULTIPART");
  const declared = Number(req.get("content-length"));
  // A declared body far beyond the limit is refused before reading it.
  if (Number.isFinite(declared) && declared > opts.maxBytes + 64 * 1024)
    throw new DomainError("UPLOAD_TOO_LARGE", `文件过大，最大 ${sizeLabel(opts.maxBytes)}`);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: opts.maxBytes, fields: 20, fieldSize: 10_000, parts: 30 },
    });
  } catch {
    throw new DomainError("UPLOAD_MALFORMED");
  }
  let file: { filename: string; mimeType: string } | null = null;
  let work: Promise<void> = Promise.resolve();
  let tooLarge = false;
  let failure: unknown = null;

  const done = new Promise<void>((resolve, reject) => {
    bb.on("file", (name, stream, info) => {
      if (name !== opts.field || file) {
        stream.resume();
        return;
      }
      if (containsNul(info.filename)) {
        failure = new DomainError("INVALID_CHARACTER");
        stream.resume();
        return;
      }
      file = { filename: info.filename ?? "", mimeType: info.mimeType };
      stream.on("limit", () => {
        tooLarge = true;
        req.unpipe(bb);
        (stream as unknown as { destroy(): void }).destroy();
        resolve();
      });
      work = consume(stream).catch((e) => {
        failure = e;
      });
    });
    // Text fields are not read, but NUL in one is refused like in any other input.
    bb.on("field", (name, value) => {
      if (containsNul(name) || containsNul(value)) failure ??= new DomainError("INVALID_CHARACTER");
    });
    bb.on("error", () => reject(new DomainError("UPLOAD_MALFORMED")));
    bb.on("close", () => resolve());
    req.on("aborted", () => reject(new DomainError("UPLOAD_ABORTED")));
  });
  req.pipe(bb);
  await done;
  await work;
  if (tooLarge) {
    req.resume();
    throw new DomainError("UPLOAD_TOO_LARGE", `文件过大，最大 ${sizeLabel(opts.maxBytes)}`);
  }
  if (failure) throw failure instanceof DomainError ? failure : new DomainError("UPLOAD_FAILED");
  return { file };
}

export interface ReceivedForm {
  /** The files of the declared fields that were sent, in memory (small uploads only: certificates, keys). */
  files: Record<string, Buffer>;
  /** Text fields, at most 10,000 characters each. */
  fields: Record<string, string>;
}

/**
 * A small multipart form read into memory: several files, each in a declared field with its own size limit (the
 * request is cut off as soon as one is exceeded), and text fields. Files of other fields are drained and ignored;
 * a body that ends before its closing boundary is UPLOAD_MALFORMED. Required files are the caller's to check.
 */
export async function receiveForm(req: Request, opts: { files: Record<string, number> }): Promise<ReceivedForm> {
  if (!req.is("multipart/form-data")) throw new DomainError("UPLOAD_NOT_MULTIPART");
  const total = Object.values(opts.files).reduce((a, b) => a + b, 0);
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > total + 64 * 1024)
    throw new DomainError("UPLOAD_TOO_LARGE", `文件过大，最大 ${sizeLabel(total)}`);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: {
        files: Object.keys(opts.files).length + 2,
        fileSize: Math.max(...Object.values(opts.files)),
        fields: 20,
        fieldSize: 10_000,
        parts: 30,
      },
    });
  } catch {
    throw new DomainError("UPLOAD_MALFORMED");
  }
  const files: Record<string, Buffer> = {};
  const fields: Record<string, string> = {};
  let failure = null as DomainError | null;
  await new Promise<void>((resolve, reject) => {
    const fail = (e: DomainError) => {
      failure ??= e;
      req.unpipe(bb);
      req.resume();
      resolve();
    };
    bb.on("file", (name, stream, info) => {
      const limit = opts.files[name];
      if (limit === undefined || name in files || failure) {
        stream.resume();
        return;
      }
      if (containsNul(info.filename)) {
        stream.resume();
        return fail(new DomainError("INVALID_CHARACTER"));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      // A body that ends inside this file fails the stream too; busboy's own error answers the request.
      stream.on("error", () => undefined);
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.resume();
          return fail(new DomainError("UPLOAD_TOO_LARGE", `文件过大（${name}），最大 ${sizeLabel(limit)}`));
        }
        chunks.push(chunk);
      });
      stream.on("limit", () =>
        fail(new DomainError("UPLOAD_TOO_LARGE", `文件过大（${name}），最大 ${sizeLabel(limit)}`)),
      );
      stream.on("end", () => {
        if (!failure) files[name] = Buffer.concat(chunks);
      });
    });
    bb.on("field", (name, value, info) => {
      if (containsNul(name) || containsNul(value)) return fail(new DomainError("INVALID_CHARACTER"));
      if (info.valueTruncated) return fail(new DomainError("UPLOAD_MALFORMED"));
      fields[name] = value;
    });
    bb.on("error", () => reject(new DomainError("UPLOAD_MALFORMED")));
    bb.on("close", () => resolve());
    req.on("aborted", () => reject(new DomainError("UPLOAD_ABORTED")));
    req.pipe(bb);
  });
  if (failure) throw failure;
  return { files, fields };
}
