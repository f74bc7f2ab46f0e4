import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { startInProcess } from "../support/inprocess";
import { preloadLink } from "../../server/src/client-static";

/**
 * Delivery of the built client (client/dist, made by `npm run build`): the build's .br/.gz files sent as they are
 * with Content-Encoding, Vary and year-long immutable caching for hashed assets, no-cache for the SPA's HTML.
 */
const dist = path.resolve(__dirname, "../../client/dist");
if (!existsSync(path.join(dist, "index.html"))) throw new Error("client/dist is missing: run `npm run build` first");

type Server = Awaited<ReturnType<typeof startInProcess>>;
let server: Server;

// Two banners, the inactive one first in order: the home page preloads the first active one.
const FIRST_BANNER = "/uploads/banners/0123456789abcdef0123456789abcdef.png";

beforeAll(async () => {
  server = await startInProcess();
  await server.services.banners.create({
    imageUrl: "/uploads/banners/ffffffffffffffffffffffffffffffff.png",
    title: "下线的",
    isActive: false,
    sortOrder: 0,
  });
  await server.services.banners.create({ imageUrl: FIRST_BANNER, title: "首张", sortOrder: 1 });
  await server.services.banners.create({
    imageUrl: "/uploads/banners/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png",
    title: "第二张",
    sortOrder: 2,
  });
}, 120_000);
afterAll(async () => server?.stopAll());

/** A raw GET (no automatic decompression, unlike fetch): status, headers and the bytes as sent. */
function get(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      server.url + url,
      { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
  });
}

const html = readFileSync(path.join(dist, "index.html"));
const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html.toString())?.[1];
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(html.toString())?.[1];
const original = (url: string) => readFileSync(path.join(dist, url));
const adminHtml = readFileSync(path.join(dist, "admin.html"));
const adminEntry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(adminHtml.toString())?.[1];

describe("build-time compression", () => {
  it("writes name.br and name.gz beside every hashed script and stylesheet and index.html (unless no smaller)", () => {
    const assets = readdirSync(path.join(dist, "assets")).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.length).toBeGreaterThan(10);
    const compress = {
      br: (b: Buffer) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz: (b: Buffer) => gzipSync(b, { level: 9 }),
    };
    let written = 0;
    for (const f of [...assets.map((a) => `assets/${a}`), "index.html"]) {
      const bytes = readFileSync(path.join(dist, f));
      for (const [ext, fn] of Object.entries(compress)) {
        const file = path.join(dist, `${f}.${ext}`);
        // The build skips a compressed copy only where it would not be smaller than the file itself.
        if (!existsSync(file)) expect(fn(bytes).length, `${f}.${ext}`).toBeGreaterThanOrEqual(bytes.length);
        else {
          written++;
          expect(readFileSync(file).length, `${f}.${ext}`).toBeLessThan(bytes.length);
        }
      }
    }
    expect(written).toBeGreaterThan(assets.length);
  });
});

describe("hashed assets", () => {
  it("finds the entry script and stylesheet in index.html", () => {
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
  });

  it.each([
    ["br", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
    ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
    ["gzip;q=1, br;q=0", "gzip", gunzipSync],
  ])(
    "Accept-Encoding %s gets %s, immutable for a year, and the original bytes once decoded",
    async (accept, encoding, decode) => {
      for (const url of [entry!, stylesheet!]) {
        const res = await get(url, accept);
        expect(res.status, url).toBe(200);
        expect(res.headers["content-encoding"], url).toBe(encoding);
        expect(res.headers.vary, url).toMatch(/Accept-Encoding/i);
        expect(res.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
        expect(res.headers["content-type"], url).toMatch(
          url.endsWith(".js") ? /^text\/javascript; charset=utf-8$/i : /^text\/css; charset=utf-8$/i,
        );
        expect(Number(res.headers["content-length"]), url).toBe(res.body.length);
        expect(res.body.length, url).toBeLessThan(original(url).length);
        expect(decode(res.body).equals(original(url)), url).toBe(true);
      }
    },
  );

  it("sends the plain file to a client that accepts no compression", async () => {
    for (const accept of [undefined, "identity"]) {
      const res = await get(entry!, accept);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.body.equals(original(entry!))).toBe(true);
    }
  });

  it("answers a missing hashed asset with 404, never with the SPA's HTML", async () => {
    const res = await get("/assets/index-missing0.js", "br, gzip");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"] ?? "").not.toMatch(/html/);
    expect(res.headers["cache-control"] ?? "").not.toMatch(/immutable/);
  });
});

describe("the SPA's HTML", () => {
  it.each(["/", "/login", "/app/42", "/index.html"])(
    "%s is index.html, compressed, revalidated on every load",
    async (url) => {
      const res = await get(url, "gzip, deflate, br");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html; charset=utf-8$/i);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(res.body).equals(html)).toBe(true);
    },
  );

  it("on the home page, has the browser preload the first active banner's image (its largest paint)", async () => {
    const home = await get("/", "br");
    expect(home.headers.link).toBe(`<${FIRST_BANNER}>; rel=preload; as=image; fetchpriority=high`);
    for (const url of ["/login", "/app/42"]) expect((await get(url, "br")).headers.link, url).not.toMatch(/as=image/);
  });

  it.each([
    ["/certificate-mall", "CertificateMallPage"],
    ["/app/42", "AppDetailPage"],
    ["/software-source/7/apps", "SoftwareSourceAppsPage"],
    ["/admin/login", "AdminLoginPage"],
    ["/admin/dashboard", "DashboardPage"],
    ["/admin/software-sources/42/edit", "SoftwareSourcesPage"],
  ])("on %s, has the browser fetch the page's own code with the entry (Link: rel=modulepreload)", async (url, page) => {
    const link = (await get(url, "br")).headers.link as string;
    const files = [...link.matchAll(/<(\/assets\/[^>]+)>; rel=(modulepreload|preload; as=style; crossorigin)/g)];
    expect(files.map((m) => m[1]).some((f) => f!.startsWith(`/assets/${page}-`) && f!.endsWith(".js"))).toBe(true);
    expect(link).not.toContain(entry!); // index.html loads the entry already
    for (const [, file] of files) expect((await get(file!, "br")).status, file).toBe(200);
  });

  it("has admin.html beside index.html: the back office's own entry, none of the users' pages' code", () => {
    expect(adminEntry).toMatch(/^\/assets\/admin-[\w-]+\.js$/);
    expect(adminHtml.toString()).not.toContain(entry!);
  });

  it.each(["/admin", "/admin/", "/admin/login", "/admin/dashboard", "/admin/apps/42/edit"])(
    "%s is admin.html, revalidated on every load",
    async (url) => {
      const res = await get(url, "br");
      expect([res.status, res.headers["cache-control"]]).toEqual([200, "no-cache"]);
      expect(brotliDecompressSync(res.body).equals(adminHtml)).toBe(true);
    },
  );

  it.each(["/", "/profile", "/administrator", "/app/admin"])(
    "%s (not a back office path) is index.html",
    async (url) => {
      const res = await get(url, "br");
      expect(brotliDecompressSync(res.body).equals(html)).toBe(true);
    },
  );

  it("leaves out of a back office page's Link header what admin.html loads already", async () => {
    const loaded = [...adminHtml.toString().matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(loaded).toContain(adminEntry);
    for (const url of ["/admin/login", "/admin/dashboard", "/admin/software-sources/42/edit"]) {
      const link = (await get(url, "br")).headers.link as string;
      for (const file of loaded) expect(link, url).not.toContain(file);
    }
  });

  it("is sent plain (still no-cache) without Accept-Encoding", async () => {
    const res = await get("/profile");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body.equals(html)).toBe(true);
  });

  it("leaves the API alone: /api and /graphql answer JSON, not the SPA", async () => {
    const api = await get("/api/no-such-endpoint", "br");
    expect(api.status).toBe(404);
    expect(api.headers["content-type"]).toMatch(/application\/json/);
    const gql = await get("/graphql?query=%7B__typename%7D", "br");
    expect(gql.headers["content-type"]).toMatch(/application\/(graphql-response\+)?json/);
  });
});

describe("API answers", () => {
  it("compresses GraphQL and REST JSON on the fly for a client that accepts it", async () => {
    // Enough banners for answers above the 1 KB below which compressing is not worth it.
    for (let i = 0; i < 12; i++)
      await server.services.banners.create({
        imageUrl: `/uploads/banners/${String(i).padStart(32, "a")}.png`,
        title: `第 ${i + 3} 张轮播图的标题`,
        sortOrder: 10 + i,
      });
    const body = JSON.stringify({
      query: "{ banners { id imageUrl title altText linkUrl } categories { id name displayName } }",
    });
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(
        server.url + "/graphql",
        { method: "POST", headers: { "content-type": "application/json", "accept-encoding": "br, gzip" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(raw.headers["content-encoding"]).toBe("br");
    const data = JSON.parse(brotliDecompressSync(raw.body).toString("utf8"));
    expect(data.errors).toBeUndefined();
    expect(data.data.banners).toHaveLength(14);
    expect(data.data.banners[0].imageUrl).toBe(FIRST_BANNER);

    const rest = await get("/api/banners/public", "gzip");
    expect(rest.status).toBe(200);
    expect(rest.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(rest.body).toString("utf8")).success).toBe(true);
    const plain = await get("/api/banners/public");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8")).success).toBe(true);
  });
});

describe("preload Link header", () => {
  it("names only same-origin upload paths, which cannot break out of the header's syntax", () => {
    expect(preloadLink(["/uploads/banners/a1.webp", "/uploads/icons/b2.png"])).toBe(
      "</uploads/banners/a1.webp>; rel=preload; as=image; fetchpriority=high, </uploads/icons/b2.png>; rel=preload; as=image; fetchpriority=high",
    );
    expect(
      preloadLink([
        null,
        "https://cdn.example.com/a.png",
        "//cdn.example.com/a.png",
        "/uploads/../server.ts",
        "/uploads/a.png>; rel=stylesheet",
        "/uploads/a b.png",
        "/api/x.png",
      ]),
    ).toBeNull();
  });
});
