import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import parseRangeHeader from "range-parser";
import { attachment } from "./router";
import type { StorageService } from "../modules/storage/storage.service";

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a `Range` header asks of a file of `size` bytes: one range (`range`), the whole file (null: no header,
 * several ranges, or one that cannot be read, as HTTP allows), or nothing it can serve (`unsatisfiable`: wholly past
 * the end). A suffix longer than the file is the whole file (RFC 9110 14.1.3; range-parser would refuse it).
 */
export function readRange(
  header: string | undefined,
  size: number,
): { range: ByteRange | null; unsatisfiable: boolean } {
  if (header === undefined) return { range: null, unsatisfiable: false };
  const fixed = header.replace(/^(\s*bytes\s*=\s*)-\s*(\d+)\s*$/i, (all, unit: string, n: string) =>
    Number(n) >= size ? `${unit}0-` : all,
  );
  const parsed = parseRangeHeader(size, fixed, { combine: true });
  if (parsed === -1) return { range: null, unsatisfiable: true };
  if (parsed === -2 || parsed.type !== "bytes" || parsed.length !== 1) return { range: null, unsatisfiable: false };
  return { range: { start: parsed[0].start, end: parsed[0].end }, unsatisfiable: false };
}

/** A private stored file to send: its storage key, size and the name it downloads as. */
export interface StoredDownload {
  key: string;
  size: number;
  filename: string;
}

/**
 * In S3_DOWNLOADS=redirect mode, answers a whole-file GET with a 302 to a short-lived signed URL of the object store
 * (the caller has checked access and counted the download); returns false when the file must be streamed (proxy
 * mode, the local backend, a HEAD or a `Range` request: those are served and counted byte by byte).
 */
export async function redirectDownload(
  res: Response,
  storage: StorageService,
  file: StoredDownload,
  opts: { range: ByteRange | null; head: boolean },
): Promise<boolean> {
  if (opts.head || opts.range) return false;
  const url = await storage.redirectUrl(file.key, attachment(file.filename));
  if (!url) return false;
  res.setHeader("Cache-Control", "private, no-store");
  res.redirect(302, url);
  return true;
}

/** A whole stored file as a download (dylibs, resource shares): a redirect in redirect mode, else streamed. */
export async function sendWholeDownload(res: Response, storage: StorageService, file: StoredDownload): Promise<void> {
  if (await redirectDownload(res, storage, file, { range: null, head: false })) return;
  await sendFileDownload(res, storage, file, { range: null, head: false });
}

/**
 * Sends a stored file as a download: `Accept-Ranges`, a 206 with `Content-Range` for one range, the length, an
 * attachment name; no body for HEAD. The object is opened before any header goes out, so a missing file or an
 * unreachable store still gets its error answer (404, 503). Returns the bytes that went out (fewer when the client
 * went away mid-way).
 */
export async function sendFileDownload(
  res: Response,
  storage: StorageService,
  file: StoredDownload,
  opts: { range: ByteRange | null; head: boolean; asciiName?: string },
): Promise<number> {
  const { range } = opts;
  const body = opts.head ? null : (await storage.openPrivate(file.key, range)).body;
  res.setHeader("Content-Type", "application/octet-stream");
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Content-Disposition", attachment(file.filename, opts.asciiName));
  if (range) {
    res.status(206);
    res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    res.setHeader("Content-Length", String(range.end - range.start + 1));
  } else res.setHeader("Content-Length", String(file.size));
  if (!body) {
    res.end();
    return 0;
  }
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      sent += chunk.length;
      cb(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, res);
  } catch (e) {
    // The client went away (a broken-off download): nothing to answer; the caller counts what went out.
    if ((e as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") throw e;
  }
  return sent;
}
