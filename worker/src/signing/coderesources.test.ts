import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePlist, isPlistDict } from "@gryx/apple/plist";
import {
  buildCodeResources,
  parseCodeResources,
  RULES,
  RULES2,
  scanCodeResourcesFile,
  sealFor,
  writeCodeResources,
  type SealedItem,
} from "./coderesources";
import { digestBuffer } from "./ipa";

describe("CodeResources rules", () => {
  it("applies the standard iOS weights", () => {
    expect(sealFor(RULES2, "Info.plist")).toBe("omit");
    expect(sealFor(RULES, "Info.plist")).toBe("required");
    expect(sealFor(RULES2, "PlugIns/Share.appex/Info.plist")).toBe("required");
    expect(sealFor(RULES2, "PkgInfo")).toBe("omit");
    expect(sealFor(RULES2, "en.lproj/Localizable.strings")).toBe("optional");
    expect(sealFor(RULES2, "Base.lproj/Main.storyboardc/Info.plist")).toBe("required");
    expect(sealFor(RULES2, "zh-Hans.lproj/locversion.plist")).toBe("omit");
    expect(sealFor(RULES, "zh-Hans.lproj/locversion.plist")).toBe("omit");
    expect(sealFor(RULES2, "a/.DS_Store")).toBe("omit");
    expect(sealFor(RULES2, "embedded.mobileprovision")).toBe("required");
    expect(sealFor(RULES2, "Frameworks/Demo.framework/Demo")).toBe("required");
  });

  it("builds an Apple-style plist that parses back to the same seals", () => {
    const a = digestBuffer(Buffer.from("a"));
    const b = digestBuffer(Buffer.from("b"));
    const xml = buildCodeResources([
      { path: "Info.plist", kind: "file", digests: a },
      { path: "en.lproj/x.strings", kind: "file", digests: b },
      { path: "img & <x>.png", kind: "file", digests: b },
      { path: "link", kind: "symlink", target: "img & <x>.png" },
    ]);
    const text = xml.toString();
    expect(text).toContain("<real>1000</real>");
    expect(text).toContain("<key>^.*\\.lproj/</key>");
    const root = parsePlist(xml);
    expect(isPlistDict(root) && Object.keys(root)).toEqual(["files", "files2", "rules", "rules2"]);
    const parsed = parseCodeResources(xml)!;
    expect(parsed.files.get("Info.plist")).toEqual({ hash: a.sha1, optional: false });
    expect(parsed.files2.has("Info.plist")).toBe(false);
    expect(parsed.files.get("en.lproj/x.strings")).toEqual({ hash: b.sha1, optional: true });
    expect(parsed.files2.get("en.lproj/x.strings")).toEqual({ hash: b.sha1, hash2: b.sha256, optional: true });
    expect(parsed.files2.get("img & <x>.png")?.hash2).toEqual(b.sha256);
    expect(parsed.files2.get("link")).toEqual({ symlink: "img & <x>.png", optional: false });
    expect(parsed.files.has("link")).toBe(false);
  });

  it("sorts keys by UTF-8 bytes like Apple", () => {
    const d = digestBuffer(Buffer.alloc(0));
    const xml = buildCodeResources(
      ["b", "B", "a", "中", "_"].map((p) => ({ path: p, kind: "file" as const, digests: d })),
    ).toString();
    const keys = [...xml.slice(xml.indexOf("<key>files2</key>")).matchAll(/<key>([^<]+)<\/key>\n\t\t<dict>/g)].map(
      (m) => m[1],
    );
    expect(keys.slice(0, 5)).toEqual(["B", "_", "a", "b", "中"]);
  });

  it("rejects what is not a CodeResources plist", () => {
    expect(parseCodeResources(Buffer.from("garbage"))).toBeNull();
    expect(parseCodeResources(Buffer.from('<?xml version="1.0"?><plist><dict/></plist>'))).toBeNull();
  });

  it("streams a seal of many files out and reads it back from a file through a small window, as the whole parse does", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cr-test-"));
    try {
      // ~5 MiB of XML: more than the scanner's 4 MiB window, so it is read in pieces.
      const n = 15_000;
      const digests = [digestBuffer(Buffer.from("a")), digestBuffer(Buffer.from("b"))];
      const sorted: SealedItem[] = Array.from({ length: n }, (_, i) => ({
        path: `resources/directory-${String(i % 100).padStart(3, "0")}/file-${String(i).padStart(6, "0")} <&>.txt`,
        kind: "file" as const,
        digests: digests[i % 2]!,
      })).sort((a, b) => (a.path < b.path ? -1 : 1));
      const items = () => sorted;
      const file = path.join(dir, "CodeResources");
      const fd = fs.openSync(file, "w");
      let blocks = 0;
      writeCodeResources(items, (b) => {
        blocks++;
        fs.writeSync(fd, b);
      });
      fs.closeSync(fd);
      const whole = fs.readFileSync(file);
      expect(whole.length).toBeGreaterThan(4.5 * 1024 * 1024);
      expect(blocks).toBeGreaterThan(16);
      // The same bytes as the one-piece build.
      expect(whole.equals(buildCodeResources(items()))).toBe(true);
      const parsed = parseCodeResources(whole)!;
      const files = new Map<string, Buffer>();
      const files2 = new Map<string, Buffer | undefined>();
      const ok = scanCodeResourcesFile(file, {
        file: (k, v) => files.set(k, v.hash),
        file2: (k, v) => files2.set(k, v.hash2),
      });
      expect(ok).toBe(true);
      expect(files.size).toBe(n);
      expect(files2.size).toBe(n);
      for (const [k, v] of parsed.files2) expect(files2.get(k)?.equals(v.hash2!)).toBe(true);
      for (const [k, v] of parsed.files) expect(files.get(k)?.equals(v.hash)).toBe(true);
      // Cut short: not a seal.
      fs.writeFileSync(file, whole.subarray(0, whole.length - 200_000));
      expect(scanCodeResourcesFile(file, { file: () => undefined, file2: () => undefined })).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
