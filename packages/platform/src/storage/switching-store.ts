import type { Readable } from "node:stream";
import type { ObjectInfo, ObjectRange, ObjectStore, PutOptions, PutResult } from "./object-store";

/**
 * The object store of a process whose settings may change while it runs (saved on /admin/storage): every call goes to
 * the store in force, and `swap` puts another in its place for the calls that follow. A call already under way
 * finishes on the store it began on (the old one is left to close itself when idle).
 */
export class SwitchingObjectStore implements ObjectStore {
  constructor(private current: ObjectStore) {}

  get backend() {
    return this.current.backend;
  }

  /** Puts `next` in force; answers the one it replaces. */
  swap(next: ObjectStore): ObjectStore {
    const previous = this.current;
    this.current = next;
    return previous;
  }

  put(key: string, body: Readable | Buffer, opts?: PutOptions): Promise<PutResult> {
    return this.current.put(key, body, opts);
  }
  putFile(key: string, file: string, opts?: PutOptions & { move?: boolean }): Promise<PutResult> {
    return this.current.putFile(key, file, opts);
  }
  get(key: string, range?: ObjectRange | null): Promise<{ body: Readable; size: number }> {
    return this.current.get(key, range);
  }
  head(key: string): Promise<ObjectInfo | null> {
    return this.current.head(key);
  }
  delete(key: string): Promise<void> {
    return this.current.delete(key);
  }
  move(from: string, to: string): Promise<void> {
    return this.current.move(from, to);
  }
  list(prefix: string): AsyncIterable<ObjectInfo> {
    return this.current.list(prefix);
  }
  signedUrl(key: string, opts: { expiresInSeconds: number; contentDisposition?: string }): Promise<string | null> {
    return this.current.signedUrl(key, opts);
  }
  publicUrl(key: string): string | null {
    return this.current.publicUrl(key);
  }
  localPath(key: string): string | null {
    return this.current.localPath(key);
  }
  probe(): Promise<void> {
    return this.current.probe();
  }
  close(): void {
    this.current.close();
  }
}
