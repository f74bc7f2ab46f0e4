import { describe, expect, it } from "vitest";
import {
  detectFormat,
  jsonDepthExceeds,
  MAX_JSON_DEPTH,
  parseSource,
  readDate,
  readSize,
  SourceParseError,
} from "./parse";

const OPTS = { maxApps: 1000 };
const parse = (doc: unknown, opts = OPTS, base?: string) =>
  parseSource(typeof doc === "string" ? doc : JSON.stringify(doc), opts, base);

function refused(doc: unknown, code: string, opts = OPTS) {
  try {
    parse(doc, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(SourceParseError);
    expect((e as SourceParseError).code).toBe(code);
    expect((e as Error).message).toMatch(/[\u4e00-\u9fa5]/);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe("sizes", () => {
  it.each([
    [123456, 123456],
    ["123456", 123456],
    [" 2048 ", 2048],
    ["12.3 MB", Math.round(12.3 * 1024 * 1024)],
    ["12.3MB", Math.round(12.3 * 1024 * 1024)],
    ["800KB", 800 * 1024],
    ["800 kb", 800 * 1024],
    ["1.2G", Math.round(1.2 * 1024 ** 3)],
    ["1,5 MB", Math.round(1.5 * 1024 * 1024)],
    ["1,234,567", 1234567],
    ["30 MiB", 30 * 1024 * 1024],
    [0, 0],
  ])("%j → %d bytes", (input, bytes) => expect(readSize(input)).toBe(bytes));

  it.each([["abc"], ["-5"], [-5], [{ mb: 3 }], [[1]], ["12 parsecs"], [Number.NaN]])("%j is unreadable", (input) =>
    expect(readSize(input)).toBeNull(),
  );
  it("absent is undefined", () => expect(readSize(undefined)).toBeUndefined());
});

describe("dates", () => {
  it.each([
    ["2024-05-01", "2024-05-01T00:00:00.000Z"],
    ["2024-5-1", "2024-05-01T00:00:00.000Z"],
    ["2024/05/01", "2024-05-01T00:00:00.000Z"],
    ["2024.05.01", "2024-05-01T00:00:00.000Z"],
    ["2024-05-01 08:30", "2024-05-01T08:30:00.000Z"],
    ["2024-05-01 08:30:15", "2024-05-01T08:30:15.000Z"],
    ["2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z"],
    ["2024-05-01T10:00:00+08:00", "2024-05-01T02:00:00.000Z"],
    ["2024-05-01T10:00:00.123-07:00", "2024-05-01T17:00:00.123Z"],
    [1714521600, "2024-05-01T00:00:00.000Z"],
    ["1714521600", "2024-05-01T00:00:00.000Z"],
    [1714521600000, "2024-05-01T00:00:00.000Z"],
    ["1714521600000", "2024-05-01T00:00:00.000Z"],
  ])("%j → %s", (input, iso) => expect(readDate(input)?.toISOString()).toBe(iso));

  it.each([["yesterday"], ["2024-02-30"], ["2024-13-01"], ["01/05/2024"], [-1], [12], [true], ["1899-01-01"], [{}]])(
    "%j is unreadable",
    (input) => expect(readDate(input)).toBeNull(),
  );
});

describe("AltStore", () => {
  const doc = {
    name: "Test AltStore Source",
    identifier: "com.example.source",
    sourceURL: "https://example.com/apps.json",
    iconURL: "https://example.com/icon.png",
    website: "https://example.com",
    subtitle: "Our apps",
    apps: [
      {
        name: "Delta",
        bundleIdentifier: "com.rileytestut.Delta",
        developerName: "Riley",
        localizedDescription: "Emulator",
        iconURL: "https://example.com/delta.png",
        category: "games",
        versions: [
          {
            version: "1.6",
            date: "2024-05-01T10:00:00-05:00",
            size: 51234567,
            downloadURL: "https://example.com/delta-1.6.ipa",
            localizedDescription: "New",
          },
          { version: "1.5", date: "2023-01-01", size: 1, downloadURL: "https://example.com/delta-1.5.ipa" },
        ],
      },
      // Legacy flat fields, string size, relative links.
      {
        name: "Clip",
        bundleIdentifier: "com.example.clip",
        version: "2.0",
        versionDate: "2023-12-24",
        downloadURL: "files/clip.ipa",
        size: "12.3 MB",
        iconURL: "clip.png",
      },
      // Wrong types everywhere: read what can be read, report the rest.
      {
        name: "Odd",
        bundleIdentifier: 42,
        version: 3,
        versions: "nope",
        size: { a: 1 },
        versionDate: "someday",
        downloadURL: "javascript:alert(1)",
        iconURL: ["x"],
      },
      { bundleIdentifier: "com.example.nameless" },
      "not an app",
    ],
    news: [
      { title: "Hello", caption: "World", date: "2024-01-02", url: "https://example.com/news" },
      { caption: "no title" },
    ],
  };

  it("reads versions[], legacy flat fields, relative links and news; reports the rest", () => {
    const s = parse(doc, OPTS, "https://example.com/sub/apps.json");
    expect(s.format).toBe("altstore");
    expect(s).toMatchObject({
      name: "Test AltStore Source",
      identifier: "com.example.source",
      sourceUrl: "https://example.com/apps.json",
      iconUrl: "https://example.com/icon.png",
      description: "Our apps",
    });
    expect(s.apps).toHaveLength(3);
    expect(s.apps[0]).toMatchObject({
      name: "Delta",
      bundleId: "com.rileytestut.Delta",
      version: "1.6",
      sizeBytes: 51234567,
      downloadUrl: "https://example.com/delta-1.6.ipa",
      developer: "Riley",
      category: "games",
      locked: false,
    });
    expect(s.apps[0].versionDate?.toISOString()).toBe("2024-05-01T15:00:00.000Z");
    expect(s.apps[1]).toMatchObject({
      version: "2.0",
      sizeBytes: Math.round(12.3 * 1024 * 1024),
      downloadUrl: "https://example.com/sub/files/clip.ipa",
      iconUrl: "https://example.com/sub/clip.png",
    });
    expect(s.apps[1].versionDate?.toISOString()).toBe("2023-12-24T00:00:00.000Z");
    expect(s.apps[2]).toMatchObject({
      name: "Odd",
      bundleId: "42",
      version: "3",
      sizeBytes: null,
      versionDate: null,
      downloadUrl: "",
      iconUrl: "",
    });
    expect(s.news).toEqual([
      { title: "Hello", caption: "World", date: new Date("2024-01-02T00:00:00Z"), url: "https://example.com/news" },
    ]);
    const w = s.warnings.join("\n");
    expect(w).toContain("apps[2].versions: 应为数组");
    expect(w).toContain("apps[2].size: 无法识别的大小");
    expect(w).toContain("apps[2].versionDate: 无法识别的日期");
    expect(w).toContain("apps[2].downloadURL: 不是有效的 http(s) 链接");
    expect(w).toContain("apps[2].iconURL: 应为文本");
    expect(w).toContain("apps[3]: 缺少应用名称");
    expect(w).toContain("apps[4]: 应为对象");
  });
});

describe("ESign", () => {
  const doc = {
    name: "签名源",
    message: "欢迎使用",
    identifier: "cn.example.esign",
    sourceURL: "https://esign.example.cn/source.json",
    payURL: "https://esign.example.cn/pay",
    unlockURL: "https://esign.example.cn/unlock",
    sourceicon: "https://esign.example.cn/icon.png",
    apps: [
      {
        name: "微信双开",
        version: "8.0.50",
        type: "0",
        versionDate: "2024-06-01",
        versionDescription: "修复",
        lock: "1",
        downloadURL: "https://esign.example.cn/a.ipa",
        iconURL: "https://esign.example.cn/a.png",
        size: "123456789",
        identifier: "com.tencent.xin2",
      },
      {
        name: "免费应用",
        version: "1.0",
        versionDate: "1717200000",
        lock: "0",
        size: "45.6MB",
        downloadURL: "https://esign.example.cn/b.ipa",
      },
      { name: "时间戳毫秒", versionDate: 1717200000000, lock: 1, size: 1024 },
      { name: "怪字段", lock: "maybe", size: "很大", versionDate: "上周" },
    ],
  };

  it("reads string-typed fields, the lock flag and the pay / unlock links", () => {
    const s = parse(doc);
    expect(s.format).toBe("esign");
    expect(s).toMatchObject({
      name: "签名源",
      description: "欢迎使用",
      payUrl: "https://esign.example.cn/pay",
      unlockUrl: "https://esign.example.cn/unlock",
      iconUrl: "https://esign.example.cn/icon.png",
    });
    expect(s.apps.map((a) => [a.name, a.locked, a.sizeBytes])).toEqual([
      ["微信双开", true, 123456789],
      ["免费应用", false, Math.round(45.6 * 1024 * 1024)],
      ["时间戳毫秒", true, 1024],
      ["怪字段", false, null],
    ]);
    expect(s.apps[0]).toMatchObject({
      bundleId: "com.tencent.xin2",
      version: "8.0.50",
      category: "",
      versionDescription: "修复",
    });
    expect(s.apps[1].versionDate?.toISOString()).toBe("2024-06-01T00:00:00.000Z");
    expect(s.apps[2].versionDate?.toISOString()).toBe("2024-06-01T00:00:00.000Z");
    expect(s.warnings.join("\n")).toMatch(
      /apps\[3\]\.lock: 无法识别的开关值[\s\S]*apps\[3\]\.versionDate|apps\[3\]\.versionDate[\s\S]*apps\[3\]\.lock/,
    );
    expect(s.warnings.join("\n")).toContain('apps[3].size: 无法识别的大小 "很大"');
  });

  it("is recognised by its apps' lock/type fields even without payURL", () => {
    expect(detectFormat({ name: "x", apps: [{ name: "a", lock: "0" }] })).toBe("esign");
  });
});

describe("Scarlet", () => {
  it("reads META and every category array", () => {
    const s = parse({
      META: { repoName: "Scarlet Repo", repoIcon: "https://scarlet.example/icon.png" },
      Tweaked: [
        {
          name: "YouTube Plus",
          version: "19.1",
          icon: "https://scarlet.example/yt.png",
          down: "https://scarlet.example/yt.ipa",
          dev: "someone",
          bundleID: "com.google.ios.youtube",
          description: "no ads",
        },
        { name: "Broken", down: 5 },
      ],
      Games: [
        { name: "Game", version: "1", down: "https://scarlet.example/g.ipa", category: "Arcade", size: "200 MB" },
      ],
      Emulators: "oops",
    });
    expect(s.format).toBe("scarlet");
    expect(s).toMatchObject({ name: "Scarlet Repo", iconUrl: "https://scarlet.example/icon.png" });
    expect(s.apps.map((a) => [a.name, a.category, a.downloadUrl])).toEqual([
      ["YouTube Plus", "Tweaked", "https://scarlet.example/yt.ipa"],
      ["Broken", "Tweaked", ""],
      ["Game", "Arcade", "https://scarlet.example/g.ipa"],
    ]);
    expect(s.apps[0]).toMatchObject({ bundleId: "com.google.ios.youtube", developer: "someone" });
    expect(s.apps[2].sizeBytes).toBe(200 * 1024 * 1024);
    expect(s.warnings.join("\n")).toContain("Tweaked[1].down: 不是有效的 http(s) 链接");
  });
});

describe("refusals", () => {
  it("not JSON", () => refused("<html>not json</html>", "SOURCE_NOT_JSON"));
  it("JSON that no format knows", () => {
    refused([1, 2, 3], "SOURCE_FORMAT_UNKNOWN");
    refused({ hello: "world" }, "SOURCE_FORMAT_UNKNOWN");
    refused("42", "SOURCE_FORMAT_UNKNOWN");
  });
  it("too many apps, in each format", () => {
    const apps = Array.from({ length: 11 }, (_, i) => ({ name: `a${i}` }));
    refused({ name: "x", apps }, "SOURCE_TOO_MANY_APPS", { maxApps: 10 });
    refused({ name: "x", payURL: "", apps }, "SOURCE_TOO_MANY_APPS", { maxApps: 10 });
    refused({ META: {}, A: apps.slice(0, 6), B: apps.slice(0, 6) }, "SOURCE_TOO_MANY_APPS", { maxApps: 10 });
  });
  it("an app list that is not a list is refused (it would replace a good copy with nothing)", () => {
    refused({ name: "x", apps: "many" }, "SOURCE_FORMAT_UNKNOWN");
    refused({ name: "x", payURL: "", apps: { a: 1 } }, "SOURCE_FORMAT_UNKNOWN");
  });
  it("keeps at most 50 warnings and counts the rest", () => {
    const s = parse({
      name: "x",
      apps: Array.from({ length: 80 }, () => ({ name: "a", bundleIdentifier: "b", size: "huge" })),
    });
    expect(s.warnings).toHaveLength(51);
    expect(s.warnings[50]).toBe("另有 30 条字段问题未列出");
  });
  it("a BOM before the JSON is fine", () =>
    expect(parse("\ufeff" + JSON.stringify({ name: "x", apps: [] })).format).toBe("altstore"));
});

describe("hostile content", () => {
  it("a 10,000-deep array is refused before it is parsed or walked (no stack overflow)", () => {
    refused("[".repeat(10_000) + "]".repeat(10_000), "SOURCE_NOT_JSON");
    refused(`{"name":"x","apps":[${"[".repeat(10_000)}${"]".repeat(10_000)}]}`, "SOURCE_NOT_JSON");
    expect(jsonDepthExceeds("[".repeat(33) + "]".repeat(33), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds("[".repeat(32) + "]".repeat(32), MAX_JSON_DEPTH)).toBe(false);
    // Brackets inside strings (and escaped quotes) are text, not nesting.
    expect(jsonDepthExceeds(JSON.stringify({ name: "[".repeat(100) + '\\"{'.repeat(100) }), MAX_JSON_DEPTH)).toBe(
      false,
    );
  });

  it("NUL and other control characters are taken out of every text field (tab, LF and CR stay)", () => {
    const s = parse(
      `{"name":"源\\u0000名","apps":[{"name":"应\\u0000用\\u0007","bundleIdentifier":"com.x\\u0000","version":"1.0\\u001b","localizedDescription":"第一行\\n第二行\\u0000","downloadURL":"https://a.example/x\\u0000.ipa"}],"news":[{"title":"新\\u0000闻"}]}`,
    );
    expect(s.name).toBe("源名");
    expect(s.apps[0]).toMatchObject({ name: "应用", bundleId: "com.x", version: "1.0", description: "第一行\n第二行" });
    expect(s.apps[0]!.downloadUrl).not.toContain("\u0000");
    expect(s.news[0]!.title).toBe("新闻");
    expect(JSON.stringify(s)).not.toMatch(/\\u000[0-8bcef]|\\u001/);
  });
});

describe("variants found in the wild (tests/support/source-fixtures.ts VARIANTS)", () => {
  it("reads a 全能签-style ESign source: bundleId, downUrl, numeric type and lock, '123 MB', dates with a space or in Chinese", async () => {
    const { VARIANTS } = await import("../../../../tests/support/source-fixtures");
    const doc = parse(VARIANTS.quanNengQian);
    expect(doc.format).toBe("esign");
    expect(doc.warnings).toEqual([]);
    const [one, two] = doc.apps;
    expect(one).toMatchObject({
      bundleId: "com.qnq.one",
      downloadUrl: "https://fixture.example/qnq/one.ipa",
      sizeBytes: 123 * 1024 * 1024,
      locked: false,
      category: "",
    });
    expect(one.versionDate?.toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(two).toMatchObject({
      bundleId: "com.qnq.two",
      downloadUrl: "",
      locked: true,
      sizeBytes: Math.round(56.5 * 1024 * 1024),
    });
    expect(two.versionDate?.toISOString()).toBe("2024-05-02T00:00:00.000Z");
    expect(doc.iconUrl).toBe("https://fixture.example/qnq.png");
  });

  it("labels an ESign document whose apps look like AltStore's as ESign, and reads its float size as MB", async () => {
    const { VARIANTS } = await import("../../../../tests/support/source-fixtures");
    expect(detectFormat(VARIANTS.esignLikeAltStore)).toBe("esign");
    const doc = parse(VARIANTS.esignLikeAltStore);
    expect(doc.apps[0]).toMatchObject({
      bundleId: "com.hybrid.app",
      developer: "Hybrid Dev",
      description: "说明",
      downloadUrl: "https://fixture.example/h.ipa",
      sizeBytes: Math.round(34.37 * 1024 * 1024),
    });
    expect(doc.apps[0].versionDate?.toISOString()).toBe("2025-02-28T16:03:26.000Z");
  });

  it("reads AltStore's bundleID / bundleId / downloadUrl spellings, millisecond and +0800 dates, and news with content / time", async () => {
    const { VARIANTS } = await import("../../../../tests/support/source-fixtures");
    const doc = parse(VARIANTS.altstoreVariants);
    expect(doc.format).toBe("altstore");
    expect(doc.warnings).toEqual([]);
    expect(doc.apps.map((a) => [a.bundleId, a.downloadUrl, a.sizeBytes, a.versionDate?.toISOString()])).toEqual([
      ["com.variant.one", "https://fixture.example/v1.ipa", 1_000_000, "2026-11-27T06:05:44.600Z"],
      ["com.variant.two", "https://fixture.example/v2.ipa", Math.round(1.5 * 1024 ** 3), "2024-05-01T02:00:00.000Z"],
    ]);
    expect(doc.news).toEqual([
      {
        title: "公告",
        caption: "内容写在 content 里",
        date: new Date("2024-05-03T00:00:00Z"),
        url: "https://fixture.example/n",
      },
    ]);
  });

  it("reads sizes as bytes, byte strings, float MB strings, 'MB' text, float MB numbers and fractional bytes; dates in every common form", async () => {
    const { VARIANTS } = await import("../../../../tests/support/source-fixtures");
    const doc = parse(VARIANTS.sizesAndDates);
    expect(doc.warnings).toEqual([]);
    const MBs = (n: number) => Math.round(n * 1024 * 1024);
    expect(doc.apps.map((a) => a.sizeBytes)).toEqual([52_428_800, 52_428_800, MBs(50), MBs(50), MBs(50.5), 123973140]);
    const may1 = Date.UTC(2024, 4, 1);
    expect(doc.apps.map((a) => a.versionDate?.getTime())).toEqual([may1, may1, may1, may1, may1, may1]);
  });
});
