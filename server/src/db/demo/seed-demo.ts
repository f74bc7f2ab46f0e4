import { copyFile } from "node:fs/promises";
import type { DataSource, EntityManager } from "typeorm";
import { inspectIpa } from "@gryx/apple/ipa-info";
import { drawBanner, drawIcon, PALETTES, type Glyph } from "../../common/icon-art";
import { log } from "../../common/logger";
import type { Services } from "../../services";
import { seedMallDemo } from "./mall-demo";
import { readDemoApps, readDemoCertificate, type DemoApp } from "./demo-assets";
import {
  ANNOUNCEMENTS,
  APP_BLURBS,
  APP_CLOSERS,
  BANNERS,
  BRANDS,
  CATEGORY_PRODUCTS,
  DYLIB_AUTHORS,
  DYLIB_BLURBS,
  DYLIBS,
  QQ_GROUPS,
  RESOURCE_BLURBS,
  RESOURCES,
} from "./catalogue-data";
import { DemoPackager, executableName } from "./demo-packages";

/**
 * Demo data for the default run (`npm start`): a believable catalogue so the home page is alive on first start.
 * It runs only on an empty catalogue (no category and no app yet), once, under an advisory lock so two servers
 * starting together don't both seed. Every image is drawn here; nothing is downloaded.
 *
 * A few of the apps are real: the small IPAs of demo/ipas (demo/gen-ipas.mjs), free, in 默认 and listed first, with
 * their name, bundle id, version and icon read from the IPA and the IPA in private storage (`ipa_key`), so a new
 * user can sign one with the demo certificate (seedDemoCertificate) and install it. Every other item carries a
 * package too (demo-packages.ts: a generated IPA per app and resource share, a committed Mach-O dylib per plugin),
 * so nothing is sold without something to deliver.
 */
export const DEMO_APP_COUNT = 220;
const FEATURED = 40;
const DEMO_LOCK = 7_310_001;

/** A small deterministic PRNG, so every fresh start gets the same catalogue. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

/** The demo apps' developers: a generated app's brand with one of these; the real demo IPAs are the site's own. */
const DEVELOPER_SUFFIXES = ["工作室", "科技", "网络", "软件", "Studio"];
const DEMO_DEVELOPER = "果仁开发组";
const PRICES_FEN = [100, 200, 300, 500, 600, 800, 990, 1200, 1800, 2500, 3000];
const DAY = 86_400_000;

export async function seedDemo(db: DataSource, services: Services): Promise<boolean> {
  const started = Date.now();
  const rnd = prng(20261121);
  const icons = new Map<string, string>();
  const written: string[] = [];
  const icon = async (glyph: Glyph, palette: number) => {
    const key = `${glyph}:${palette}`;
    let url = icons.get(key);
    if (!url) {
      url = await services.storage.savePublic(
        "icons",
        drawIcon(glyph, PALETTES[palette % PALETTES.length], 144),
        "png",
      );
      icons.set(key, url);
      written.push(url);
    }
    return url;
  };

  const pack = new DemoPackager(services.storage);
  const ipas = pack.written;
  let seeded = false;
  // A database with a catalogue is left alone before any file is made (checked again under the lock below).
  if (await hasCatalogue(db.manager)) return false;
  try {
    const signable = await prepareDemoApps(services, written, ipas);
    // Everything slow (drawing icons and banners, packing some 250 IPAs and dylibs) is done before the transaction,
    // which only inserts: PostgreSQL ends a session idle inside a transaction for longer than
    // idle_in_transaction_session_timeout (60 s by default), and on a loaded machine the packing took longer.
    const catalogue = await prepareCatalogue(rnd, icon, pack, DEMO_APP_COUNT - signable.length);
    const bannerUrls = await drawBanners(services, rnd, written);
    seeded = await db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock($1)`, [DEMO_LOCK]);
      if (await hasCatalogue(m)) return false;
      await insertCatalogue(m, catalogue);
      await insertDemoApps(m, signable);
      await seedContent(m, bannerUrls);
      await seedMallDemo(m);
      for (const kind of services.contentVersions.kinds) await services.contentVersions.bump(kind, m);
      return true;
    });
  } catch (e) {
    for (const url of written) await services.storage.removePublic(url);
    for (const key of ipas) await services.storage.removePrivate(key);
    throw e;
  }
  if (!seeded) {
    for (const url of written) await services.storage.removePublic(url);
    for (const key of ipas) await services.storage.removePrivate(key);
    return false;
  }
  await services.settings.updateSite({
    siteName: "果仁应用",
    seoSubtitle: "iOS 应用下载与在线签名",
    seoKeywords: "iOS应用,IPA下载,在线签名,证书,动态库",
    seoDescription: "果仁应用：精选 iOS 应用与资源，支持在线签名、证书购买与设备绑定，手机上即可安装。",
  });
  await services.settings.updateFooter({
    icpNumber: "京ICP备2026012345号-1",
    copyrightInfo: "© 2026 果仁应用 版权所有",
  });
  await services.settings.updateContact({ wechat: "guoren-app", qq: "735102846", email: "support@guoren.app" });
  log.info("demo catalogue seeded", {
    apps: DEMO_APP_COUNT,
    icons: icons.size,
    packages: ipas.length,
    ms: Date.now() - started,
  });
  return true;
}

async function hasCatalogue(m: EntityManager): Promise<boolean> {
  const [{ busy }] = await m.query(`SELECT (EXISTS (SELECT 1 FROM categories) OR EXISTS (SELECT 1 FROM apps)) AS busy`);
  return busy;
}

type Rnd = ReturnType<typeof prng>;
type IconFn = (glyph: Glyph, palette: number) => Promise<string>;
type SignableApp = DemoApp & { ipaKey: string; iconUrl: string; size: number };

/**
 * The demo IPAs, checked against their manifest (the row must say what the IPA says) and copied into private
 * storage with their icons; every file written is listed in `written` / `ipas` so a failed or skipped seed removes it.
 */
async function prepareDemoApps(services: Services, written: string[], ipas: string[]): Promise<SignableApp[]> {
  const out: SignableApp[] = [];
  for (const app of readDemoApps()) {
    const info = await inspectIpa(app.path);
    const facts = {
      name: info.name,
      bundleId: info.bundleId,
      version: info.version,
      build: info.build,
      minOs: info.minOsVersion,
    };
    const expected = {
      name: app.name,
      bundleId: app.bundleId,
      version: app.version,
      build: app.build,
      minOs: app.minOs,
    };
    if (JSON.stringify(facts) !== JSON.stringify(expected))
      throw new Error(`demo/ipas/${app.file} does not match apps.json: ${JSON.stringify(facts)}`);
    if (!info.icon) throw new Error(`demo/ipas/${app.file} has no icon`);
    const iconUrl = await services.storage.savePublic("icons", info.icon.png, "png");
    written.push(iconUrl);
    const tmp = services.storage.tmpPath("ipa");
    await copyFile(app.path, tmp);
    const ipaKey = await services.storage.adoptPrivate("ipas", tmp, "ipa");
    ipas.push(ipaKey);
    out.push({ ...app, ipaKey, iconUrl, size: info.size });
  }
  return out;
}

/** The signable demo apps: free, in 默认, before every generated app (sort order 0, newest first). */
async function insertDemoApps(m: EntityManager, apps: SignableApp[]): Promise<void> {
  const [{ id: featuredId }] = await m.query(`SELECT id FROM categories WHERE name = '默认'`);
  for (const a of [...apps].reverse()) {
    await m.query(
      `INSERT INTO apps (name, icon_path, version, size, description, keywords, category_id, price, bundle_id, sort_order, min_os_version, ipa_key, developer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12)`,
      [
        a.name,
        a.iconUrl,
        a.version,
        a.size,
        a.description,
        a.keywords,
        featuredId,
        a.price,
        a.bundleId,
        a.minOs,
        a.ipaKey,
        DEMO_DEVELOPER,
      ],
    );
  }
}

/**
 * The demo certificate (演示证书): stored through the certificates domain as a platform certificate marked demo,
 * unless it is there already. The server calls it at start when config.offerDemoCertificate is on (outside production).
 */
export async function seedDemoCertificate(services: Services): Promise<void> {
  const demo = readDemoCertificate();
  const cert = await services.certificates.seedDemo(demo);
  if (cert)
    log.info("demo certificate ready", { id: cert.id, name: cert.name, expiresAt: cert.expiresAt.toISOString() });
  // The UDID profile is signed in the demo run too: with the demo identity, unless an admin has configured one.
  if (!(await services.devices.signingIdentity()).configured) {
    const identity = await services.devices.setSigningIdentity(demo.p12, demo.password);
    log.info("demo UDID profile-signing identity configured", { commonName: identity.commonName });
  }
}

/** The generated catalogue's rows; an app row's category is its index in CATEGORY_PRODUCTS, or null for 默认. */
interface PreparedCatalogue {
  apps: unknown[][];
  dylibs: unknown[][];
  resources: unknown[][];
}

/** The generated apps, dylibs and resource shares with their icons and packages (written to storage), no database. */
async function prepareCatalogue(rnd: Rnd, icon: IconFn, pack: DemoPackager, count: number): Promise<PreparedCatalogue> {
  const now = Date.now();
  // The descriptions' second sentences come from their own sequence, so the catalogue's picks stay as they were.
  const words = prng(4242);

  // Apps: distinct brand × product pairs, the first ones in 默认 (featured), the rest in their product's category.
  const rows: unknown[][] = [];
  const used = new Set<string>();
  while (rows.length < count) {
    const ci = rnd.int(0, CATEGORY_PRODUCTS.length - 1);
    const product = rnd.pick(CATEGORY_PRODUCTS[ci].products);
    const [brand, brandSlug] = rnd.pick(BRANDS);
    const key = `${brand}${product.name}`;
    if (used.has(key)) continue;
    used.add(key);
    const i = rows.length;
    const free = rnd.next() < 0.62;
    const updated = new Date(now - rnd.int(0, 120) * DAY - rnd.int(0, DAY));
    const min = rnd.pick(["13.0", "14.0", "15.0", "16.0"]);
    const palette = rnd.int(0, PALETTES.length - 1);
    const [major, minor, patch] = [rnd.int(1, 9), rnd.int(0, 20), rnd.int(0, 9)];
    const bundleId = `com.${brandSlug}.${product.slug}`;
    const ipa = await pack.ipa({
      name: key,
      executable: executableName(brandSlug, product.slug),
      bundleId,
      version: `${major}.${minor}.${patch}`,
      build: String(major * 1000 + minor * 10 + patch),
      minOs: min,
      glyph: product.glyph,
      palette,
    });
    const blurb = words.pick(APP_BLURBS).replace("{brand}", brand).replace("{min}", min);
    rows.push([
      key,
      await icon(product.glyph, palette),
      `${major}.${minor}.${patch}`,
      ipa.size,
      `${product.feature}。${blurb}${words.pick(APP_CLOSERS)}`,
      product.keywords,
      i < FEATURED ? null : ci,
      free ? 0 : rnd.pick(PRICES_FEN),
      bundleId,
      i,
      min,
      updated,
      `${brand}${DEVELOPER_SUFFIXES[i % DEVELOPER_SUFFIXES.length]}`,
      ipa.key,
    ]);
  }

  const dylibRows: unknown[][] = [];
  for (const [i, d] of DYLIBS.entries()) {
    const free = rnd.next() < 0.5;
    const file = await pack.dylib(i + 1);
    dylibRows.push([
      d.name,
      await icon(d.glyph, rnd.int(0, PALETTES.length - 1)),
      `${rnd.int(1, 4)}.${rnd.int(0, 9)}.${rnd.int(0, 9)}`,
      file.size,
      `${d.feature}。${words.pick(DYLIB_BLURBS)}`,
      free ? 0 : rnd.pick(PRICES_FEN.slice(0, 6)),
      free ? 0 : rnd.pick([0, 10, 20, 50]),
      `com.gryx.tweak.${i + 1}`,
      rnd.int(20, 9000),
      d.category,
      rnd.pick(DYLIB_AUTHORS),
      d.tags,
      i,
      new Date(now - rnd.int(0, 90) * DAY),
      file.key,
    ]);
  }

  const resourceRows: unknown[][] = [];
  for (const [i, r] of RESOURCES.entries()) {
    const free = rnd.next() < 0.45;
    const palette = rnd.int(0, PALETTES.length - 1);
    const [year, month] = [rnd.int(2024, 2026), rnd.int(1, 12)];
    // A resource share is an IPA with its fees (resource-share.entity.ts): each gets its own small real one.
    const bundleId = `com.gryx.resource.${i + 1}`;
    const file = await pack.ipa({
      name: r.name,
      executable: `GryxResource${i + 1}`,
      bundleId,
      version: `${year}.${month}`,
      build: `${year}${month}`,
      minOs: "14.0",
      glyph: r.glyph,
      palette,
    });
    resourceRows.push([
      r.name,
      await icon(r.glyph, palette),
      `${year}.${month}`,
      file.size,
      `${r.feature}，${words.pick(RESOURCE_BLURBS)}。`,
      free ? 0 : rnd.pick(PRICES_FEN.slice(0, 8)),
      free ? 0 : rnd.pick([10, 20, 30]),
      bundleId,
      i,
      new Date(now - rnd.int(0, 60) * DAY),
      file.key,
    ]);
  }
  return { apps: rows, dylibs: dylibRows, resources: resourceRows };
}

/** The categories, then the prepared apps in theirs, the dylibs and the resource shares. */
async function insertCatalogue(m: EntityManager, c: PreparedCatalogue): Promise<void> {
  const [{ id: featuredId }] = await m.query(
    `INSERT INTO categories (name, display_name, weigh) VALUES ('默认', '精选推荐', 100) RETURNING id`,
  );
  const categoryIds: number[] = [];
  for (const cat of CATEGORY_PRODUCTS) {
    const [{ id }] = await m.query(
      `INSERT INTO categories (name, display_name, weigh) VALUES ($1, $2, $3) RETURNING id`,
      [cat.name, cat.display, cat.weigh],
    );
    categoryIds.push(id);
  }
  const rows = c.apps.map((r) => r.map((v, k) => (k === 6 ? (v === null ? featuredId : categoryIds[v as number]) : v)));
  await m.query(
    `INSERT INTO apps (name, icon_path, version, size, description, keywords, category_id, price, bundle_id, sort_order, min_os_version, created_at, updated_at, version_date, developer, ipa_key)
     SELECT n, ic, v, s, d, k, c, p, b, o, mo, u - interval '30 days', u, u, dev, ik
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::int[], $11::text[], $12::timestamptz[], $13::text[], $14::text[])
       AS t(n, ic, v, s, d, k, c, p, b, o, mo, u, dev, ik)`,
    columns(rows, 14),
  );
  await m.query(
    `INSERT INTO dylibs (name, icon_path, version, file_size, description, resource_fee, traffic_fee, bundle_id, download_count, category, author, tags, sort_order, created_at, updated_at, file_key)
     SELECT n, ic, v, s, d, f, tf, b, dc, c, a, string_to_array(tg, '|'), o, u - interval '30 days', u, fk
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::int[], $7::int[], $8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::int[], $14::timestamptz[], $15::text[])
       AS t(n, ic, v, s, d, f, tf, b, dc, c, a, tg, o, u, fk)`,
    columns(
      c.dylibs.map((r) => r.map((v, k) => (k === 11 ? (v as string[]).join("|") : v))),
      15,
    ),
  );
  await m.query(
    `INSERT INTO resource_shares (name, icon_path, version, file_size, description, resource_fee, traffic_fee, bundle_id, sort_order, created_at, updated_at, file_key)
     SELECT n, ic, v, s, d, f, tf, b, o, u - interval '30 days', u, fk
     FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::int[], $7::int[], $8::text[], $9::int[], $10::timestamptz[], $11::text[])
       AS t(n, ic, v, s, d, f, tf, b, o, u, fk)`,
    columns(c.resources, 11),
  );
}

/** The banners' images, drawn and stored (listed in `written`, so a failed or skipped seed removes them). */
async function drawBanners(services: Services, rnd: Rnd, written: string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const i of BANNERS.keys()) {
    const url = await services.storage.savePublic(
      "banners",
      drawBanner(PALETTES[(i * 3) % PALETTES.length], rnd.int(1, 1e6)),
      "png",
    );
    written.push(url);
    urls.push(url);
  }
  return urls;
}

async function seedContent(m: EntityManager, bannerUrls: string[]): Promise<void> {
  const now = Date.now();
  for (const [i, b] of BANNERS.entries())
    await m.query(
      `INSERT INTO banners (image_url, alt_text, title, link_url, sort_order) VALUES ($1, $2, $3, $4, $5)`,
      [bannerUrls[i], b.alt, b.title, "", i],
    );
  for (const [i, a] of ANNOUNCEMENTS.entries()) {
    const at = new Date(now - (i * 9 + 1) * DAY);
    await m.query(
      `INSERT INTO announcements (title, content, status, published_at, created_at) VALUES ($1, $2, 'published', $3, $3)`,
      [a.title, a.content, at],
    );
  }
  const [{ id: featured }] = await m.query(`SELECT id FROM categories WHERE name = '默认'`);
  const boxes: [string, string, string][] = [
    [
      String(featured),
      "精选推荐说明",
      "这里是编辑精选的热门应用，每周更新。点击应用卡片登录后即可查看详情、购买并在线签名安装。付费应用购买后永久有效，更换设备可在「证书管理」中重新签名。",
    ],
    [
      "dylib",
      "动态库使用须知",
      "动态库需配合在线签名使用：在「签名IPA」中选择应用后勾选要注入的插件即可。部分插件仅适配特定版本的应用，请先查看插件说明。",
    ],
    [
      "resource-shares",
      "资源分享说明",
      "资源由用户与编辑整理分享，仅供学习交流使用，请在下载后 24 小时内删除。如有侵权请联系客服处理。",
    ],
  ];
  for (const [category, title, content] of boxes)
    await m.query(`INSERT INTO category_announcements (category_id, title, content) VALUES ($1, $2, $3)`, [
      category,
      title,
      content,
    ]);
  for (const [i, g] of QQ_GROUPS.entries())
    await m.query(`INSERT INTO qq_groups (name, number, sort_order) VALUES ($1, $2, $3)`, [g.name, g.number, i]);
}

/** Row-major rows to one array per column, for INSERT ... SELECT FROM unnest(...). */
function columns(rows: unknown[][], n: number): unknown[][] {
  return Array.from({ length: n }, (_, k) => rows.map((r) => r[k]));
}
