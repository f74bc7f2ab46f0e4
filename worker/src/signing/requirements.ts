/**
 * Code requirements in Apple's compiled binary form (what `csreq -b` writes). We only need the
 * designated requirement codesign generates for App Store style identities:
 *
 *   identifier "<id>" and anchor apple generic and certificate leaf[subject.CN] = "<CN>"
 *     and certificate 1[field.1.2.840.113635.100.6.2.1] exists
 *
 * plus a decompiler for the same operator subset so the verifier can show what it checked.
 */
import { CSMAGIC_REQUIREMENT, CSMAGIC_REQUIREMENTS } from "./codedirectory";
import { bytesToOid, oidToBytes } from "@gryx/apple/cms";
import { AppleError } from "@gryx/apple/errors";

const kSecDesignatedRequirementType = 3;
const EXPR_FORM = 1;

// Expression operators (Security framework's requirement.h).
const opFalse = 0;
const opTrue = 1;
const opIdent = 2;
const opAppleAnchor = 3;
const opAnd = 6;
const opOr = 7;
const opNot = 9;
const opCertField = 11;
const opCertGeneric = 14;
const opAppleGenericAnchor = 15;

const matchExists = 0;
const matchEqual = 1;

/** OID marking Apple WWDR intermediates. */
const WWDR_MARKER_OID = "1.2.840.113635.100.6.2.1";

class Writer {
  private parts: Buffer[] = [];
  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v | 0, 0);
    this.parts.push(b);
    return this;
  }
  /** Length-prefixed data padded to 4 bytes. */
  data(d: Buffer): this {
    this.u32(d.length);
    this.parts.push(d);
    const pad = (4 - (d.length % 4)) % 4;
    if (pad) this.parts.push(Buffer.alloc(pad));
    return this;
  }
  str(s: string): this {
    return this.data(Buffer.from(s, "utf8"));
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** Compiled designated-requirement expression (without the Requirement blob header). */
function designatedRequirementExpr(identifier: string, leafCommonName: string): Buffer {
  // "a and b and c and d" parses left-associatively: and(and(and(a, b), c), d).
  return new Writer()
    .u32(opAnd)
    .u32(opAnd)
    .u32(opAnd)
    .u32(opIdent)
    .str(identifier)
    .u32(opAppleGenericAnchor)
    .u32(opCertField)
    .u32(0) // leaf
    .str("subject.CN")
    .u32(matchEqual)
    .str(leafCommonName)
    .u32(opCertGeneric)
    .u32(1) // the leaf's issuer
    .data(oidToBytes(WWDR_MARKER_OID))
    .u32(matchExists)
    .done();
}

/** Requirements SuperBlob (0xfade0c01) holding only the designated requirement. */
export function buildRequirements(identifier: string, leafCommonName: string): Buffer {
  const expr = designatedRequirementExpr(identifier, leafCommonName);
  const req = Buffer.alloc(12 + expr.length);
  req.writeUInt32BE(CSMAGIC_REQUIREMENT, 0);
  req.writeUInt32BE(req.length, 4);
  req.writeUInt32BE(EXPR_FORM, 8);
  expr.copy(req, 12);

  const head = Buffer.alloc(20);
  head.writeUInt32BE(CSMAGIC_REQUIREMENTS, 0);
  head.writeUInt32BE(20 + req.length, 4);
  head.writeUInt32BE(1, 8);
  head.writeUInt32BE(kSecDesignatedRequirementType, 12);
  head.writeUInt32BE(20, 16);
  return Buffer.concat([head, req]);
}

/** The designated requirement as text, the form a parent's CodeResources records for nested code. */
export function designatedRequirementText(identifier: string, leafCommonName: string): string {
  return decompileRequirements(buildRequirements(identifier, leafCommonName)).get(kSecDesignatedRequirementType)!;
}

// ---------------------------------------------------------------------------------------------
// Decompiler

class Reader {
  pos = 0;
  constructor(private readonly b: Buffer) {}
  u32(): number {
    if (this.pos + 4 > this.b.length) throw new AppleError("APPLE_BAD_MACHO", "requirement truncated");
    const v = this.b.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  data(): Buffer {
    const len = this.u32();
    if (len < 0 || this.pos + len > this.b.length)
      throw new AppleError("APPLE_BAD_MACHO", "requirement data out of range");
    const d = this.b.subarray(this.pos, this.pos + len);
    this.pos += len + ((4 - (len % 4)) % 4);
    return d;
  }
}

function slotName(slot: number): string {
  return slot === 0 ? "leaf" : slot === -1 ? "root" : String(slot);
}

function match(r: Reader): string {
  const op = r.u32();
  if (op === matchExists) return " /* exists */";
  if (op === matchEqual) return ` = "${r.data().toString("utf8")}"`;
  throw new AppleError("APPLE_BAD_MACHO", `unsupported requirement match op ${op}`);
}

function expr(r: Reader, depth: number): string {
  if (depth > 64) throw new AppleError("APPLE_BAD_MACHO", "requirement nested too deeply");
  const op = r.u32() & 0x0fffffff; // high bits are flags
  switch (op) {
    case opFalse:
      return "never";
    case opTrue:
      return "always";
    case opIdent:
      return `identifier "${r.data().toString("utf8")}"`;
    case opAppleAnchor:
      return "anchor apple";
    case opAppleGenericAnchor:
      return "anchor apple generic";
    case opAnd:
    case opOr: {
      const a = expr(r, depth + 1);
      const b = expr(r, depth + 1);
      return `${a} ${op === opAnd ? "and" : "or"} ${b}`;
    }
    case opNot:
      return `! ${expr(r, depth + 1)}`;
    case opCertField: {
      const slot = r.u32();
      const field = r.data().toString("utf8");
      return `certificate ${slotName(slot)}[${field}]${match(r)}`;
    }
    case opCertGeneric: {
      const slot = r.u32();
      const oid = bytesToOid(r.data());
      return `certificate ${slotName(slot)}[field.${oid}]${match(r)}`;
    }
    default:
      throw new AppleError("APPLE_BAD_MACHO", `unsupported requirement op ${op}`);
  }
}

/** Text of each requirement in a requirements blob, keyed by requirement type (3 = designated). */
export function decompileRequirements(blob: Buffer): Map<number, string> {
  if (blob.length < 12 || blob.readUInt32BE(0) !== CSMAGIC_REQUIREMENTS) {
    throw new AppleError("APPLE_BAD_MACHO", "bad requirements blob");
  }
  const count = blob.readUInt32BE(8);
  if (12 + count * 8 > blob.length) throw new AppleError("APPLE_BAD_MACHO", "requirements index out of range");
  const out = new Map<number, string>();
  for (let i = 0; i < count; i++) {
    const type = blob.readUInt32BE(12 + i * 8);
    const off = blob.readUInt32BE(16 + i * 8);
    if (off + 12 > blob.length || blob.readUInt32BE(off) !== CSMAGIC_REQUIREMENT) {
      throw new AppleError("APPLE_BAD_MACHO", "bad requirement entry");
    }
    const len = blob.readUInt32BE(off + 4);
    if (off + len > blob.length || len < 12) throw new AppleError("APPLE_BAD_MACHO", "requirement out of range");
    out.set(type, expr(new Reader(blob.subarray(off + 12, off + len)), 0));
  }
  return out;
}
