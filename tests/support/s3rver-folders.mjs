// s3rver stores each object as files under folders named after its key, and a delete removes the folders it emptied.
// A put into one of those folders at that moment (two servers and two workers probing the store at start, each with
// its own probe/<random> key) finds its folder gone: the write stream fails with ENOENT, unhandled, and the s3rver
// process dies. Real S3 and MinIO have no folders to lose. The fake keeps its folders: a delete removes the object's
// files only (listing reads files, so an empty folder lists nothing).
import fs from "node:fs";

/** Makes the s3rver instance's store delete objects without removing the folders they leave empty. */
export function keepFolders(s3) {
  s3.store.deleteObject = async function (bucket, key) {
    await Promise.all(
      ["object", "object.md5", "metadata.json"].map((kind) =>
        fs.promises.unlink(this.getResourcePath(bucket, key, kind)).catch((e) => {
          if (e.code !== "ENOENT") throw e;
        }),
      ),
    );
  };
}
