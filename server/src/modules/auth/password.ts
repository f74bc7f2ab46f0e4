import argon2 from "argon2";

/** argon2id with OWASP's recommended minimums (19 MiB, 2 passes). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, OPTIONS);

/** False for an account without a password (QQ or Apple only), after the same work as a real check. */
export async function verifyPassword(hash: string | null, plain: string): Promise<boolean> {
  if (hash === null) return dummyVerify(plain).then(() => false);
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell accounts apart. */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(plain: string): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  return dummyHash.then((h) => verifyPassword(h, plain));
}
