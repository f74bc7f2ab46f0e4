import { describe, expect, it } from "vitest";
import { buildPlist, parsePlist } from "./plist";

/** How parsePlist refuses bad input: an AppleError with APPLE_BAD_PLIST. */
const badPlist = expect.objectContaining({ name: "AppleError", code: "APPLE_BAD_PLIST" });

// Written by Python's plistlib (FMT_BINARY, sort_keys=False) from:
// {'CFBundleIdentifier':'com.example.demo','CFBundleExecutable':'Demo','Num':42,'Neg':-7,'Big':1<<40,
//  'Pi':3.5,'Yes':True,'No':False,'Arr':['a','中文',1],'Data':b'\x00\x01\xff',
//  'When':datetime(2026,1,2,3,4,5),'Nested':{'k':[]}}
const BPLIST_HEX =
  "62706c6973743030dc0102030405060708090a0b0c0d0e0f101112131415191a1b5f1012434642756e646c654964656e7469666965725f1012434642756e646c6545786563757461626c65534e756d534e65675342696752506953596573524e6f534172725444617461545768656e564e65737465645f1010636f6d2e6578616d706c652e64656d6f5444656d6f102a13fffffffffffffff913000001000000000023400c0000000000000908a31617185161624e2d65871001430001ff3341c783b692800000d11c1d516ba00821364b4f53575a5e61656a6f76898e9099a2abacadb1b3b8babec7cacc0000000000000101000000000000001e000000000000000000000000000000cd";

describe("binary plist", () => {
  it("reads every value type written by plistlib", () => {
    const v = parsePlist(Buffer.from(BPLIST_HEX, "hex"));
    expect(v).toEqual({
      CFBundleIdentifier: "com.example.demo",
      CFBundleExecutable: "Demo",
      Num: 42,
      Neg: -7,
      Big: 2 ** 40,
      Pi: 3.5,
      Yes: true,
      No: false,
      Arr: ["a", "中文", 1],
      Data: Buffer.from([0, 1, 255]),
      When: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      Nested: { k: [] },
    });
    expect(Object.keys(v as object)[0]).toBe("CFBundleIdentifier");
  });

  it("rejects truncated and out-of-range input", () => {
    const buf = Buffer.from(BPLIST_HEX, "hex");
    expect(() => parsePlist(buf.subarray(0, 30))).toThrow(badPlist);
    const bad = Buffer.from(buf);
    bad.writeUInt32BE(0xffff, bad.length - 4); // offset table beyond the file
    expect(() => parsePlist(bad)).toThrow(badPlist);
  });

  it("rejects a reference cycle", () => {
    // Object 0: array with one element referencing object 0.
    const body = Buffer.from("bplist00", "latin1");
    const obj = Buffer.from([0xa1, 0x00]);
    const table = Buffer.from([8]);
    const trailer = Buffer.alloc(32);
    trailer[6] = 1;
    trailer[7] = 1;
    trailer.writeUInt32BE(1, 12); // numObjects
    trailer.writeUInt32BE(0, 20); // top
    trailer.writeUInt32BE(10, 28); // table offset
    expect(() => parsePlist(Buffer.concat([body, obj, table, trailer]))).toThrow(/cycle/);
  });
});

describe("XML plist", () => {
  const sample = {
    "application-identifier": "TEAMID1234.com.example.demo",
    "get-task-allow": true,
    "keychain-access-groups": ["TEAMID1234.*"],
    count: -3,
    ratio: 0.25,
    when: new Date(Date.UTC(2030, 5, 1, 0, 0, 0)),
    blob: Buffer.from("hello <world> & more"),
    text: "a < b & c > d",
    empty: {},
    none: [],
  };

  it("writes Apple-style XML", () => {
    const xml = buildPlist({ a: "x", b: [true, 1] });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
        '<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</string>\n\t<key>b</key>\n\t<array>\n' +
        "\t\t<true/>\n\t\t<integer>1</integer>\n\t</array>\n</dict>\n</plist>\n",
    );
  });

  it("round-trips every type and keeps key order", () => {
    const xml = buildPlist(sample);
    expect(xml).toContain("<string>a &lt; b &amp; c &gt; d</string>");
    expect(xml).toContain("<dict/>");
    expect(xml).toContain("<array/>");
    expect(xml).toContain("<date>2030-06-01T00:00:00Z</date>");
    const back = parsePlist(Buffer.from(xml));
    expect(back).toEqual(sample);
    expect(Object.keys(back as object)).toEqual(Object.keys(sample));
  });

  it("reads hand-written XML with comments, entities, CDATA and odd spacing", () => {
    const xml = `<?xml version="1.0"?>
<!-- a comment -->
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>k&#x41;&amp;</key><string>v&#66;&quot;&apos;</string>
  <key>c</key><string><![CDATA[<raw & text>]]></string>
  <key>d</key><data>
    AAEC
    /w==
  </data>
  <key>e</key><string/>
  <key>n</key><integer> 12 </integer>
  <key>r</key><real>-2.5e3</real>
  <key>h</key><integer>0x1F</integer>
</dict></plist>`;
    expect(parsePlist(Buffer.from(xml))).toEqual({
      "kA&": "vB\"'",
      c: "<raw & text>",
      d: Buffer.from([0, 1, 2, 255]),
      e: "",
      n: 12,
      r: -2500,
      h: 31,
    });
    expect(parsePlist(Buffer.from("<plist><real>nan</real></plist>"))).toBeNaN();
    expect(() => parsePlist(Buffer.from("<plist><real>constructor</real></plist>"))).toThrow(badPlist);
  });

  it("rejects malformed XML", () => {
    expect(() => parsePlist(Buffer.from("not a plist"))).toThrow(badPlist);
    expect(() => parsePlist(Buffer.from("<plist><dict><key>a</key></dict></plist>"))).toThrow(badPlist);
    expect(() => parsePlist(Buffer.from("<plist><integer>abc</integer></plist>"))).toThrow(badPlist);
    expect(() => parsePlist(Buffer.from("<plist><dict><string>x</string></dict></plist>"))).toThrow(badPlist);
    expect(() => parsePlist(Buffer.from("<plist><array><string>x</string>"))).toThrow(badPlist);
  });
});
