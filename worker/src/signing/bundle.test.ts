import { describe, expect, it } from "vitest";
import { bundleEntitlements, findAppDir, findBundleDirs, isSealedBy, loadBundle, owningBundle, primaryIconPath } from "./bundle";
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

  it("finds the app and its code bundles, deepest first", () => {
    expect(findAppDir(names)).toBe("Payload/A.app/");
    expect(findBundleDirs(names, "Payload/A.app/").map((d) => [d.dir, d.kind])).toEqual([
      ["Payload/A.app/PlugIns/E.appex/Frameworks/G.framework/", "framework"],
      ["Payload/A.app/Frameworks/F.framework/", "framework"],
      ["Payload/A.app/PlugIns/E.appex/", "appex"],
      ["Payload/A.app/", "app"],
    ]);
    const dirs = findBundleDirs(names, "Payload/A.app/");
    expect(owningBundle(dirs, "Payload/A.app/Frameworks/libz.dylib")?.dir).toBe("Payload/A.app/");
    expect(owningBundle(dirs, "Payload/A.app/PlugIns/E.appex/x")?.dir).toBe("Payload/A.app/PlugIns/E.appex/");
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
