/**
 * CRC-32 (zip's, reflected polynomial 0xedb88320) of joined and split byte ranges without reading them again, as
 * zlib's crc32_combine does it: CRC(A‖B) = x^(8·|B|)·CRC(A) ⊕ CRC(B) modulo the polynomial. Since the polynomial's
 * constant term is 1, x is invertible modulo it, so the same relation also gives CRC(B) from CRC(A‖B‖C), CRC(A) and
 * CRC(C): the splice proof finds the CRC of a copied middle from the input's CRC and its two ends.
 */
const POLY = 0xedb88320;
/** x^0 = 1 in the reflected representation (bit 31 is the coefficient of x^0). */
const ONE = 0x80000000;
/** x^-1: (P(x) − 1) / x, i.e. the polynomial's low terms without the constant, one degree down, plus x^31. */
const X_INVERSE = 0xdb710641;

/** a·b modulo the polynomial (both reflected). */
function multiply(a: number, b: number): number {
  let m = ONE;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** base^e modulo the polynomial, e a non-negative integer (up to 2^53). */
function power(base: number, e: number): number {
  let result = ONE;
  let b = base >>> 0;
  for (let n = e; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = multiply(result, b);
    b = multiply(b, b);
  }
  return result;
}

/** x^(8·bytes), the shift of `bytes` zero bytes, or its inverse. */
const shift = (bytes: number, inverse = false) => power(inverse ? X_INVERSE : ONE >>> 1, 8 * bytes);

/** CRC(A‖B) from CRC(A), CRC(B) and |B|. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiply(shift(lengthB), crcA) ^ crcB) >>> 0;
}

/** CRC(B) from CRC(A‖B‖C), CRC(A), CRC(C), |B| and |C|. */
export function crc32Middle(crcAll: number, crcA: number, crcC: number, lengthB: number, lengthC: number): number {
  const crcAB = multiply(shift(lengthC, true), (crcAll ^ crcC) >>> 0);
  return (crcAB ^ multiply(shift(lengthB), crcA)) >>> 0;
}
