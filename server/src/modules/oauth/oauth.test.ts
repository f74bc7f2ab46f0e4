import { describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { DomainError, registerErrors } from "../../common/errors";
import { AppleKeys, verifyAppleIdToken } from "./apple";
import { OutboundError } from "@gryx/platform/outbound";
import { parseQqBody } from "./qq";
import { usernameFrom } from "./oauth.service";
import { OAUTH_ERRORS } from "./oauth.errors";

// The domain's error codes, as modules/index.ts registers them in the app.
registerErrors("oauth", OAUTH_ERRORS);

describe("QQ answers", () => {
  it("reads JSONP, JSON and form text, and nothing else", () => {
    expect(parseQqBody('callback( {"client_id":"101","openid":"ABC"} );\n')).toEqual({
      client_id: "101",
      openid: "ABC",
    });
    expect(parseQqBody('callback({"error":100016,"error_description":"x"});')).toEqual({
      error: 100016,
      error_description: "x",
    });
    expect(parseQqBody('{"access_token":"T","expires_in":"7776000"}')).toEqual({
      access_token: "T",
      expires_in: "7776000",
    });
    expect(parseQqBody("access_token=T&expires_in=7776000&refresh_token=R")).toEqual({
      access_token: "T",
      expires_in: "7776000",
      refresh_token: "R",
    });
    for (const bad of [
      "",
      "<html>502 Bad Gateway</html>",
      "callback( [1] );",
      "callback( {broken );",
      "Service Unavailable",
    ])
      expect(parseQqBody(bad)).toBeNull();
  });
});

describe("usernames from nicknames", () => {
  it("keeps the characters usernames allow, else a prefixed random name", () => {
    expect(usernameFrom("小明 Ming!", "qq")).toBe("小明Ming");
    expect(usernameFrom("🙂🙂", "qq")).toMatch(/^qq_[0-9a-f]{6}$/);
    expect(usernameFrom("ab", "apple")).toMatch(/^apple_ab[0-9a-f]{6}$/);
    expect(usernameFrom("a".repeat(60), "qq")).toHaveLength(24);
  });
});

describe("Apple's keys", () => {
  async function setup(opts = { maxAgeMs: 3600_000, refetchAfterMs: 0 }) {
    const k1 = await generateKeyPair("ES256");
    const k2 = await generateKeyPair("RS256");
    let published = [{ ...(await exportJWK(k1.publicKey)), kid: "k1", alg: "ES256" }];
    let fetches = 0;
    let down = false;
    const keys = new AppleKeys(async () => {
      fetches++;
      if (down) throw new OutboundError("NETWORK", "down");
      return JSON.stringify({ keys: published });
    }, opts);
    const sign = (key: CryptoKey, kid: string, alg: string, nonce = "n") =>
      new SignJWT({ nonce })
        .setProtectedHeader({ alg, kid })
        .setIssuer("https://appleid.apple.com")
        .setAudience("svc")
        .setSubject("s1")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(key);
    const verify = (t: string) =>
      verifyAppleIdToken(t, { keys, jwksUrl: "https://appleid.apple.com/auth/keys", audience: "svc", nonce: "n" });
    return {
      k1,
      k2,
      sign,
      verify,
      fetches: () => fetches,
      publish: async () =>
        void (published = [...published, { ...(await exportJWK(k2.publicKey)), kid: "k2", alg: "RS256" }]),
      setDown: (d: boolean) => void (down = d),
    };
  }

  it("caches by kid and refetches the set for a rotated-in key", async () => {
    const t = await setup();
    expect((await t.verify(await t.sign(t.k1.privateKey, "k1", "ES256"))).sub).toBe("s1");
    expect((await t.verify(await t.sign(t.k1.privateKey, "k1", "ES256"))).sub).toBe("s1");
    expect(t.fetches()).toBe(1);
    await expect(t.verify(await t.sign(t.k2.privateKey, "k2", "RS256"))).rejects.toMatchObject({
      code: "OAUTH_APPLE_TOKEN_INVALID",
    });
    await t.publish();
    expect((await t.verify(await t.sign(t.k2.privateKey, "k2", "RS256"))).sub).toBe("s1");
    expect(t.fetches()).toBe(3);
  });

  it("does not refetch for unknown kids within the cool-down, and says when Apple is down", async () => {
    const t = await setup({ maxAgeMs: 3600_000, refetchAfterMs: 60_000 });
    await t.verify(await t.sign(t.k1.privateKey, "k1", "ES256"));
    for (let i = 0; i < 5; i++)
      await expect(t.verify(await t.sign(t.k2.privateKey, `x${i}`, "RS256"))).rejects.toBeInstanceOf(DomainError);
    expect(t.fetches()).toBe(1);
    // A key of the set used with another algorithm is refused.
    await expect(t.verify(await t.sign(t.k2.privateKey, "k1", "RS256"))).rejects.toMatchObject({
      code: "OAUTH_APPLE_TOKEN_INVALID",
    });

    const cold = await setup();
    cold.setDown(true);
    await expect(cold.verify(await cold.sign(cold.k1.privateKey, "k1", "ES256"))).rejects.toMatchObject({
      code: "OAUTH_APPLE_UNAVAILABLE",
    });
  });
});
