import { beforeAll, describe, expect, it } from "vitest";
import {
  bundleEntitlements,
  childBundles,
  findAppDir,
  findCode,
  isSealedBy,
  loadBundle,
  owningBundle,
  primaryIconPath,
  sealScope,
} from "./bundle";
import { ensureFixtures, readFixture } from "../../../packages/apple/fixtures/fixtures";
import { AppleError } from "@gryx/apple/errors";

const profile = {
  applicationIdentifier: "TEAM.*",
  appId: "*",
  entitlements: {
    "application-identifier": "TEAM.*",
    "keychain-access-groups": ["TEAM.*"],
    "get-task-allow": false,
    "com.apple.security.application-groups": ["group.com.example.a", "group.com.example.b"],
    "aps-environment": "production",
    "com.apple.developer.team-identifier": "TEAM",
  },
};

describe("bundleEntitlements", () => {
  it("makes the profile's wildcards concrete for the bundle", () => {
    expect(bundleEntitlements("com.x.app", profile, "TEAM")).toEqual({
      ...profile.entitlements,
      "application-identifier": "TEAM.com.x.app",
      "keychain-access-groups": ["TEAM.com.x.app"],
    });
  });

  it("keeps the app's own values the profile grants, moves keychain groups to the new prefix", () => {
    const ents = bundleEntitlements("com.x.app", profile, "TEAM", {
      "application-identifier": "OLDTEAM.com.y.app",
      "keychain-access-groups": ["OLDTEAM.com.y.shared", "OLDTEAM.com.y.app"],
      "com.apple.security.application-groups": ["group.com.example.b"],
      "aps-environment": "development", // not granted: the profile's value stays
      "com.apple.developer.icloud-services": ["CloudKit"], // not in the profile: dropped
      "get-task-allow": true, // the profile decides
    });
    expect(ents["keychain-access-groups"]).toEqual(["TEAM.com.y.shared", "TEAM.com.y.app"]);
    expect(ents["com.apple.security.application-groups"]).toEqual(["group.com.example.b"]);
    expect(ents["aps-environment"]).toBe("production");
    expect(ents["com.apple.developer.icloud-services"]).toBeUndefined();
    expect(ents["get-task-allow"]).toBe(false);
    expect(ents["application-identifier"]).toBe("TEAM.com.x.app");
  });
});

describe("bundle layout", () => {
  beforeAll(() => ensureFixtures(), 120_000);
  const names = [
    "Payload/",
    "Payload/A.app/",
    "Payload/A.app/Info.plist",
    "Payload/A.app/A",
    "Payload/A.app/Icon60x60@2x.png",
    "Payload/A.app/Icon60x60@3x.png",
    "Payload/A.app/Icon76x76@2x~ipad.png",
    "Payload/A.app/_CodeSignature/CodeResources",
    "Payload/A.app/Frameworks/F.framework/Info.plist",
    "Payload/A.app/Frameworks/F.framework/F",
    "Payload/A.app/Frameworks/libz.dylib",
    "Payload/A.app/PlugIns/E.appex/Info.plist",
    "Payload/A.app/PlugIns/E.appex/Frameworks/G.framework/Info.plist",
    "Payload/A.app/Resources.bundle/Info.plist", // a resource bundle, not code
  ];

  it("finds the code by structure and content: bundles deepest first, every Mach-O", async () => {
    const plist = (exe?: string, id?: string) =>
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>' +
          (exe ? `<key>CFBundleExecutable</key><string>${exe}</string>` : "") +
          (id ? `<key>CFBundleIdentifier</key><string>${id}</string>` : "") +
          "</dict></plist>",
      );
    const macho = readFixture("bin/framework-arm64");
    const content: Record<string, Buffer> = {
      "Payload/A.app/Info.plist": plist("A", "com.x.a"),
      "Payload/A.app/A": macho,
      "Payload/A.app/Frameworks/F.framework/Info.plist": plist("F", "com.x.f"),
      "Payload/A.app/Frameworks/F.framework/F": macho,
      "Payload/A.app/Frameworks/libz.dylib": macho,
      "Payload/A.app/Frameworks/notcode.dylib": Buffer.from("just text, not a Mach-O at all"),
      "Payload/A.app/PlugIns/E.appex/Info.plist": plist("E", "com.x.a.e"),
      "Payload/A.app/PlugIns/E.appex/E": macho,
      "Payload/A.app/PlugIns/T.xctest/Info.plist": plist("T"),
      "Payload/A.app/PlugIns/T.xctest/T": macho,
      "Payload/A.app/PlugIns/T.xctest/Frameworks/G.framework/Info.plist": plist("G", "com.x.g"),
      "Payload/A.app/PlugIns/T.xctest/Frameworks/G.framework/G": macho,
      "Payload/A.app/Plugin.bundle/Info.plist": plist("Loader", "com.x.loader"),
      "Payload/A.app/Plugin.bundle/Loader": macho,
      "Payload/A.app/Resources.bundle/Info.plist": plist(undefined, "com.x.res"), // a resource bundle, not code
      "Payload/A.app/data/Info.plist": Buffer.from("not a plist"), // data, not a bundle
      "Payload/A.app/helpers/tool": macho, // a loose helper executable
      "Payload/A.app/X.dSYM/Contents/Resources/DWARF/A": macho, // debug symbols: a resource
    };
    const entries = Object.entries(content).map(([name, b]) => ({
      name,
      isDirectory: false,
      isSymlink: false,
      uncompressedSize: b.length,
    }));
    const reader = {
      peek: async (e: { name: string }, n: number) => content[e.name]!.subarray(0, n),
      readEntry: async (e: { name: string }) => content[e.name]!,
    };
    expect(findAppDir(names)).toBe("Payload/A.app/");
    const layout = await findCode(reader, entries, "Payload/A.app/");
    expect(layout.bundles.map((d) => [d.dir, d.kind, d.bundleId])).toEqual([
      ["Payload/A.app/PlugIns/T.xctest/Frameworks/G.framework/", "framework", "com.x.g"],
      ["Payload/A.app/Frameworks/F.framework/", "framework", "com.x.f"],
      ["Payload/A.app/PlugIns/E.appex/", "appex", "com.x.a.e"],
      ["Payload/A.app/PlugIns/T.xctest/", "xctest", "T"],
      ["Payload/A.app/Plugin.bundle/", "bundle", "com.x.loader"],
      ["Payload/A.app/", "app", "com.x.a"],
    ]);
    expect([...layout.machO].sort()).toEqual(
      Object.keys(content)
        .filter((n) => content[n] === macho && !n.includes(".dSYM/"))
        .sort(),
    );
    const { bundles } = layout;
    const app = bundles.at(-1)!;
    const xctest = bundles.find((b) => b.kind === "xctest")!;
    expect(owningBundle(bundles, "Payload/A.app/Frameworks/libz.dylib")?.dir).toBe("Payload/A.app/");
    expect(owningBundle(bundles, "Payload/A.app/PlugIns/E.appex/x")?.dir).toBe("Payload/A.app/PlugIns/E.appex/");
    expect(
      childBundles(bundles, app)
        .map((b) => b.dir)
        .sort(),
    ).toEqual([
      "Payload/A.app/Frameworks/F.framework/",
      "Payload/A.app/PlugIns/E.appex/",
      "Payload/A.app/PlugIns/T.xctest/",
      "Payload/A.app/Plugin.bundle/",
    ]);
    expect(childBundles(bundles, xctest).map((b) => b.dir)).toEqual([
      "Payload/A.app/PlugIns/T.xctest/Frameworks/G.framework/",
    ]);
    expect(sealScope(bundles, app, "Payload/A.app/helpers/tool")).toBe("own");
    expect(sealScope(bundles, app, "Payload/A.app/PlugIns/T.xctest/Frameworks/G.framework/G")).toBe("nested");
    expect(sealScope(bundles, xctest, "Payload/A.app/PlugIns/T.xctest/T")).toBe("none");
  });

  it("requires exactly one Payload/*.app", () => {
    expect(() => findAppDir(["Payload/x.txt", "A.app/Info.plist"])).toThrow(AppleError);
    expect(() => findAppDir(["Payload/A.app/x", "Payload/B.app/x"])).toThrow(/多个应用/);
  });

  it("loads Info.plist, seals all but the executable and the signature, picks the largest icon", () => {
    const xml = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleExecutable</key><string>A</string>' +
        "<key>CFBundleIdentifier</key><string>com.x.a</string><key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key>" +
        "<dict><key>CFBundleIconFiles</key><array><string>Icon60x60</string></array></dict></dict></dict></plist>",
    );
    const app = loadBundle({ dir: "Payload/A.app/", kind: "app", depth: 0 }, xml);
    expect(app.executablePath).toBe("Payload/A.app/A");
    expect(app.bundleId).toBe("com.x.a");
    expect(isSealedBy(app, "Payload/A.app/A")).toBe(false);
    expect(isSealedBy(app, "Payload/A.app/_CodeSignature/CodeResources")).toBe(false);
    expect(isSealedBy(app, "Payload/A.app/Frameworks/F.framework/_CodeSignature/CodeResources")).toBe(true);
    expect(isSealedBy(app, "Payload/A.app/Info.plist")).toBe(true);
    expect(primaryIconPath(app, names)).toBe("Payload/A.app/Icon60x60@3x.png");
    const evil = Buffer.from(xml.toString().replace("<string>A</string>", "<string>../../x</string>"));
    expect(() => loadBundle({ dir: "Payload/A.app/", kind: "app", depth: 0 }, evil)).toThrow(AppleError);
  });
});
