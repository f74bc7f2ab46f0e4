/**
 * The traffic fee (流量费) of one download: one pure function, used by the quote, the charge, the download check
 * and the admin settings' live example, so the fee shown is the fee charged.
 *
 *   size ≤ flowFeeMinMB                    → 0 (free: no order, no grant needed)
 *   item traffic_fee > 0                   → that amount (the admin's fixed price for the item overrides the formula)
 *   otherwise                              → max(flowFeeMinAmount, flowFeeBase + R(max(0, size − flowFeeThresholdMB) / 1024 × flowFeeRatePerGB))
 *
 * R rounds to whole fen by `flowFeeRounding` (round: half up, ceil, floor). Sizes are exact bytes (1 MB = 1,048,576
 * bytes, 1 GB = 1,024 MB); money is integer fen, and the product is computed exactly (BigInt), so a size exactly at a
 * threshold or on a half fen rounds the same every time.
 */

type TrafficFeeRounding = "round" | "ceil" | "floor";

/** The fee settings the formula reads (money in fen, sizes in MB, as stored). */
export interface TrafficFeeSettings {
  flowFeeMinMB: number;
  flowFeeThresholdMB: number;
  flowFeeBaseFen: number;
  flowFeeRatePerGBFen: number;
  flowFeeRounding: TrafficFeeRounding;
  flowFeeMinAmountFen: number;
}

export const BYTES_PER_MB = 1_048_576;
const BYTES_PER_GB = 1_073_741_824n;

/** Which rule gave the fee. */
export type TrafficFeeRule = "free" | "item" | "size";

export interface TrafficFee {
  fen: number;
  rule: TrafficFeeRule;
}

const mbToBytes = (mb: number): bigint => BigInt(Math.round(mb * BYTES_PER_MB));

function divide(num: bigint, den: bigint, rounding: TrafficFeeRounding): bigint {
  const q = num / den;
  const r = num % den;
  if (r === 0n) return q;
  if (rounding === "floor") return q;
  if (rounding === "ceil") return q + 1n;
  return r * 2n >= den ? q + 1n : q;
}

/** The fee of downloading `sizeBytes` bytes of an item whose own traffic fee is `itemFeeFen` (0 = none). */
export function trafficFee(sizeBytes: number, s: TrafficFeeSettings, itemFeeFen = 0): TrafficFee {
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0)
    throw new RangeError("sizeBytes must be a non-negative integer");
  const size = BigInt(sizeBytes);
  if (size <= mbToBytes(s.flowFeeMinMB)) return { fen: 0, rule: "free" };
  if (itemFeeFen > 0) return { fen: itemFeeFen, rule: "item" };
  const over = size - mbToBytes(s.flowFeeThresholdMB);
  const variable = over > 0n ? divide(over * BigInt(s.flowFeeRatePerGBFen), BYTES_PER_GB, s.flowFeeRounding) : 0n;
  const fen = Math.max(s.flowFeeMinAmountFen, s.flowFeeBaseFen + Number(variable));
  return { fen, rule: fen > 0 ? "size" : "free" };
}

/** The same for a size in MB (the admin example): MB → bytes rounded to a whole byte. */
export function trafficFeeForMB(sizeMB: number, s: TrafficFeeSettings, itemFeeFen = 0): TrafficFee {
  return trafficFee(Math.round(sizeMB * BYTES_PER_MB), s, itemFeeFen);
}
