import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Software-source documents written for the tests (AltStore, ESign, Scarlet; odd dates, sizes and string-typed
 * numbers), and a local HTTP server that serves them with ETag / Last-Modified and any misbehaviour a test sets.
 */

export interface FixtureApp {
  name: string;
  bundleId: string;
  version: string;
}

export function altstoreDoc(name: string, apps: FixtureApp[], extra: Record<string, unknown> = {}) {
  return {
    name,
    identifier: `com.fixture.${name.toLowerCase().replace(/\W+/g, "")}`,
    sourceURL: "https://fixture.example/altstore.json",
    iconURL: "https://fixture.example/icon.png",
    subtitle: `${name} 的应用`,
    apps: apps.map((a, i) =>
      i % 3 === 2
        ? // Every third app in the legacy flat shape with a string size and a unix-seconds date.
          {
            name: a.name,
            bundleIdentifier: a.bundleId,
            developerName: "Fixture Dev",
            version: a.version,
            versionDate: String(1714521600 + i * 86400),
            downloadURL: `https://fixture.example/ipa/${i}.ipa`,
            size: `${(i % 90) + 1}.5 MB`,
            iconURL: `https://fixture.example/icons/${i}.png`,
            localizedDescription: `${a.name} 的介绍`,
          }
        : {
            name: a.name,
            bundleIdentifier: a.bundleId,
            developerName: "Fixture Dev",
            localizedDescription: `${a.name} 的介绍`,
            iconURL: `https://fixture.example/icons/${i}.png`,
            versions: [
              {
                version: a.version,
                date: i % 2 ? "2024-05-01T10:00:00+08:00" : "2024-05-01",
                size: 1_000_000 + i,
                downloadURL: `https://fixture.example/ipa/${i}.ipa`,
                localizedDescription: "更新说明",
              },
            ],
          },
    ),
    news: [{ title: "上新", caption: "新增应用", date: "2024-05-02", url: "https://fixture.example/news" }],
    ...extra,
  };
}

export function esignDoc(
  name: string,
  apps: (FixtureApp & { locked?: boolean })[],
  extra: Record<string, unknown> = {},
) {
  return {
    name,
    message: `${name} 欢迎你`,
    identifier: `cn.fixture.${name.length}`,
    sourceURL: "https://fixture.example/esign.json",
    payURL: "https://fixture.example/pay",
    unlockURL: "https://fixture.example/unlock",
    sourceicon: "https://fixture.example/esign.png",
    apps: apps.map((a, i) => ({
      name: a.name,
      version: a.version,
      type: "0",
      versionDate: i % 2 ? "2024-06-01" : "1717200000",
      versionDescription: "修复已知问题",
      lock: a.locked ? "1" : "0",
      downloadURL: `https://fixture.example/esign/${i}.ipa`,
      iconURL: `https://fixture.example/esign/${i}.png`,
      identifier: a.bundleId,
      size: String(2_000_000 + i),
    })),
    ...extra,
  };
}

export function scarletDoc(name: string, apps: FixtureApp[]) {
  const half = Math.ceil(apps.length / 2);
  const one = (a: FixtureApp, i: number) => ({
    name: a.name,
    version: a.version,
    icon: `https://fixture.example/s/${i}.png`,
    down: `https://fixture.example/s/${i}.ipa`,
    dev: "Scarlet Dev",
    bundleID: a.bundleId,
    description: `${a.name} 说明`,
    size: "800KB",
  });
  return {
    META: { repoName: name, repoIcon: "https://fixture.example/scarlet.png" },
    Tweaked: apps.slice(0, half).map(one),
    Games: apps.slice(half).map((a, i) => one(a, i + half)),
  };
}

/**
 * The shapes found in real sources, each written here for the tests (no document is copied from anyone's
 * repository): what each looks like and what reading it must give.
 */
export const VARIANTS = {
  /** A 全能签-style ESign source: `bundleId`, `downUrl`, numeric `type` and `lock`, sizes as "123 MB", a date with a space. */
  quanNengQian: {
    name: "全能签测试源",
    message: "全能签公告",
    identifier: "cn.fixture.qnq",
    sourceicon: "https://fixture.example/qnq.png",
    payURL: "https://fixture.example/qnq/pay",
    unlockURL: "https://fixture.example/qnq/unlock",
    apps: [
      {
        name: "全能一号",
        version: "2.1.0",
        type: 1,
        versionDate: "2024-05-01 10:00:00",
        versionDescription: "修复",
        lock: 0,
        bundleId: "com.qnq.one",
        downUrl: "https://fixture.example/qnq/one.ipa",
        iconURL: "https://fixture.example/qnq/one.png",
        size: "123 MB",
      },
      {
        name: "全能二号",
        version: "1.0",
        type: "2",
        versionDate: "2024年5月2日",
        lock: 1,
        bundleId: "com.qnq.two",
        downUrl: "",
        iconURL: "https://fixture.example/qnq/two.png",
        size: "56.5",
      },
    ],
  },
  /** An ESign source with no payURL / unlockURL / message whose apps look like AltStore's (bundleIdentifier, developerName). */
  esignLikeAltStore: {
    name: "像 AltStore 的 ESign 源",
    identifier: "cn.fixture.hybrid",
    sourceURL: "https://fixture.example/hybrid.json",
    apps: [
      {
        name: "混合应用",
        bundleIdentifier: "com.hybrid.app",
        developerName: "Hybrid Dev",
        localizedDescription: "说明",
        iconURL: "https://fixture.example/h.png",
        version: "3.2",
        versionDate: "2025-02-28T16:03:26+00:00",
        downloadURL: "https://fixture.example/h.ipa",
        tintColor: "018084",
        isLanZouCloud: "0",
        lock: "0",
        type: 0,
        size: 34.37,
      },
    ],
  },
  /** An AltStore source spelling the bundle id `bundleID` and the download `downloadUrl`, news with `content` / `time`, millisecond dates. */
  altstoreVariants: {
    name: "AltStore 变体源",
    identifier: "com.fixture.variants",
    apps: [
      {
        name: "Variant One",
        bundleID: "com.variant.one",
        developerName: "V",
        localizedDescription: "d",
        iconURL: "https://fixture.example/v1.png",
        versions: [
          {
            version: "1.0",
            date: "2026-11-27T06:05:44.600Z",
            size: 1_000_000,
            downloadUrl: "https://fixture.example/v1.ipa",
          },
        ],
      },
      {
        name: "Variant Two",
        bundleId: "com.variant.two",
        developerName: "V",
        localizedDescription: "d",
        iconURL: "https://fixture.example/v2.png",
        versions: [
          {
            version: "2.0",
            date: "2024-05-01 10:00:00+0800",
            size: "1.5 GB",
            downloadURL: "https://fixture.example/v2.ipa",
          },
        ],
      },
    ],
    news: [{ title: "公告", content: "内容写在 content 里", time: "2024/05/03", url: "https://fixture.example/n" }],
  },
  /** Sizes and dates in every common form, one app each (ESign's flat shape). */
  sizesAndDates: {
    name: "大小与日期",
    payURL: "https://fixture.example/pay",
    apps: [
      { name: "bytes", identifier: "s.1", size: 52_428_800, versionDate: 1714521600 },
      { name: "bytes string", identifier: "s.2", size: "52428800", versionDate: "1714521600000" },
      { name: "float MB string", identifier: "s.3", size: "50.0", versionDate: "2024-05-01" },
      { name: "MB text", identifier: "s.4", size: "50 MB", versionDate: "2024/5/1" },
      { name: "float MB number", identifier: "s.5", size: 50.5, versionDate: "2024-05-01T08:00:00+08:00" },
      {
        name: "bytes with fraction",
        identifier: "s.6",
        size: "123973140.48",
        versionDate: "Wed, 01 May 2024 00:00:00 GMT",
      },
    ],
  },
};

/** `n` apps named `<prefix> 1..n` with bundle ids `<bundlePrefix>.app1..n`. */
export function manyApps(n: number, prefix = "App", bundlePrefix = "com.fixture"): FixtureApp[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${i + 1}`,
    bundleId: `${bundlePrefix}.app${i + 1}`,
    version: `1.${i % 10}.${i % 7}`,
  }));
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local HTTP server for source documents. `json(path, doc)` serves a document with an ETag and Last-Modified. */
export class SourceFixtureServer {
  private server!: http.Server;
  private routes = new Map<string, Handler>();
  readonly requests: { path: string; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];
  url = "";

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const path = (req.url ?? "/").split("?")[0];
      this.requests.push({
        path,
        ifNoneMatch: req.headers["if-none-match"] as string | undefined,
        ifModifiedSince: req.headers["if-modified-since"] as string | undefined,
      });
      const h = this.routes.get(path);
      if (!h) return void res.writeHead(404).end();
      h(req, res);
    });
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Serves `doc` (an object, or text as is). `validators`: which conditional headers it gives and honours. */
  json(path: string, doc: unknown, validators: { etag?: boolean; lastModified?: boolean } = { etag: true }): string {
    const body = typeof doc === "string" ? doc : JSON.stringify(doc);
    const etag = `"${Buffer.from(body).length.toString(16)}-${hash(body)}"`;
    const lastModified = new Date(Date.UTC(2024, 4, 1, 0, 0, 0) + (hash(body) % 100000) * 1000).toUTCString();
    this.routes.set(path, (req, res) => {
      const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
      if (validators.etag) headers.etag = etag;
      if (validators.lastModified) headers["last-modified"] = lastModified;
      if (validators.etag && req.headers["if-none-match"] === etag) return void res.writeHead(304, headers).end();
      if (validators.lastModified && !validators.etag && req.headers["if-modified-since"] === lastModified)
        return void res.writeHead(304, headers).end();
      res.writeHead(200, headers).end(body);
    });
    return this.url + path;
  }

  route(path: string, h: Handler): string {
    this.routes.set(path, h);
    return this.url + path;
  }

  hits(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}
