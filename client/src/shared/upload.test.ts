import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_RULE, IPA_RULE, MB, checkFile, isAbortError, uploadFile } from "./upload";

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  timeout = 0;
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = null;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "icon.PNG", { type: "image/png" });
const sent = () => {
  if (!FakeXhr.last) throw new Error("nothing was sent");
  return FakeXhr.last;
};

describe("checkFile", () => {
  it("accepts the rule's extensions in any case and refuses others with the rule's text", () => {
    expect(checkFile({ name: "a.JPG", size: 10 }, IMAGE_RULE)).toBeNull();
    expect(checkFile({ name: "a.webp", size: 10 }, IMAGE_RULE)).toBeNull();
    expect(checkFile({ name: "a.svg", size: 10 }, IMAGE_RULE)).toBe("仅支持 PNG、JPG、GIF、WEBP 格式的图片");
    expect(checkFile({ name: "noext", size: 10 }, IMAGE_RULE)).toBe("仅支持 PNG、JPG、GIF、WEBP 格式的图片");
    expect(checkFile({ name: "app.zip", size: 10 }, IPA_RULE)).toBe("仅支持 .ipa 格式的安装包");
  });
  it("refuses empty and oversized files with the server's wording", () => {
    expect(checkFile({ name: "a.png", size: 0 }, IMAGE_RULE)).toBe("上传的文件是空的");
    expect(checkFile({ name: "a.png", size: 2 * MB }, IMAGE_RULE)).toBeNull();
    expect(checkFile({ name: "a.png", size: 2 * MB + 1 }, IMAGE_RULE)).toBe("文件过大，最大 2 MB");
    expect(checkFile({ name: "a.ipa", size: 2048 * MB + 1 }, IPA_RULE)).toBe("文件过大，最大 2048 MB");
  });
});

describe("uploadFile", () => {
  it("posts multipart with the fields first, reports progress and resolves with the data", async () => {
    const progress: number[] = [];
    const done = uploadFile<{ url: string }>("/api/apps/upload", png(), {
      field: "icon",
      rule: IMAGE_RULE,
      fields: { kind: "app" },
      onProgress: (p) => progress.push(p),
    });
    const xhr = sent();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/apps/upload");
    expect(xhr.body).toBeInstanceOf(FormData);
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(["kind", "icon"]);
    expect((form.get("icon") as File).name).toBe("icon.PNG");
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.answer(200, JSON.stringify({ success: true, message: "ok", data: { url: "/uploads/icons/a.png" } }));
    await expect(done).resolves.toEqual({ url: "/uploads/icons/a.png" });
    expect(progress).toEqual([0, 33, 100, 100]);
  });

  it("sends nothing when the file fails the rule", async () => {
    const txt = new File(["hello"], "notes.txt", { type: "text/plain" });
    await expect(uploadFile("/api/apps/upload", txt, { field: "icon", rule: IMAGE_RULE })).rejects.toThrow(
      "仅支持 PNG、JPG、GIF、WEBP 格式的图片",
    );
    expect(FakeXhr.last).toBeNull();
  });

  it("rejects with the server's message, 上传失败 when it gave none, and the shared texts by status", async () => {
    let done = uploadFile("/api/apps/upload", png(), { field: "icon" });
    sent().answer(400, JSON.stringify({ success: false, message: "仅支持 PNG、JPG、GIF、WEBP 格式的图片" }));
    await expect(done).rejects.toThrow("仅支持 PNG、JPG、GIF、WEBP 格式的图片");

    done = uploadFile("/api/apps/upload", png(), { field: "icon" });
    sent().answer(400, JSON.stringify({ success: false }));
    await expect(done).rejects.toThrow("上传失败");

    done = uploadFile("/api/apps/upload", png(), { field: "icon" });
    sent().answer(403, "");
    await expect(done).rejects.toThrow("权限不足，无法执行此操作");

    done = uploadFile("/api/apps/upload", png(), { field: "icon" });
    sent().onerror?.();
    await expect(done).rejects.toThrow("网络连接失败，请检查网络设置");
  });

  it("aborts the request when the signal fires", async () => {
    const controller = new AbortController();
    const done = uploadFile("/api/apps/upload-ipa", new File(["PK"], "a.ipa"), {
      field: "ipa",
      rule: IPA_RULE,
      signal: controller.signal,
    });
    controller.abort();
    const error = await done.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(sent().aborted).toBe(true);
  });
});
