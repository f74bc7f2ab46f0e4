import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import { keepFolders } from "./s3rver-folders.mjs";

/**
 * A local S3-compatible server (s3rver: SigV4 checks, clock skew, buckets, multipart, presigned URLs) on a free port,
 * with its files in a temp directory. `env` is what the server and worker read (STORAGE_BACKEND=s3 and S3_*).
 */
export async function startS3(bucket = "gryx", opts: { port?: number; directory?: string } = {}) {
  const dir = opts.directory ?? mkdtempSync(path.join(os.tmpdir(), "gryx-s3-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: opts.port ?? 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  keepFolders(s3);
  const addr = (await s3.run()) as AddressInfo;
  return s3Access(addr.port, bucket, dir, async (removeFiles = true) => {
    await s3.close();
    if (removeFiles) rmSync(dir, { recursive: true, force: true });
  });
}

/** The same S3 server as its own process (tests/support/s3rver-process.mjs), out of the test's event loop. */
export async function startS3Process(bucket: string, directory: string) {
  const child = fork(path.join(__dirname, "s3rver-process.mjs"), [], {
    env: { ...process.env, S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return s3Access(port, bucket, directory, async (removeFiles = true) => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
    }
    if (removeFiles) rmSync(directory, { recursive: true, force: true });
  });
}

/** What the server and worker read (STORAGE_BACKEND=s3 and S3_*), and the store's settings, for a server on `port`. */
function s3Access(port: number, bucket: string, dir: string, stop: (removeFiles?: boolean) => Promise<void>) {
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    dir,
    env: {
      STORAGE_BACKEND: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    } as Record<string, string>,
    settings: {
      endpoint,
      region: "us-east-1",
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    stop,
  };
}
