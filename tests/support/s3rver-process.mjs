// s3rver as its own process (tests/support/s3-server.ts `startS3Process`): the topology suite and its benchmark keep
// the object store out of the process that drives the clients, as in production. Env: S3RVER_DIR, S3RVER_BUCKET.
// Sends {type: "ready", port} over IPC once listening; stops on SIGTERM.
import S3rver from "s3rver";
import { keepFolders } from "./s3rver-folders.mjs";

const s3 = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: process.env.S3RVER_DIR,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET, configs: [] }],
});
keepFolders(s3);
const addr = await s3.run();
process.send?.({ type: "ready", port: addr.port });
process.on("SIGTERM", () => void s3.close().then(() => process.exit(0)));
