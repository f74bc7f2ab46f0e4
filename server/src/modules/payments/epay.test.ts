import { describe, expect, it } from "vitest";
import { epaySign, epayVerify, fenToMoney, moneyToFen, orderQueryUrl, signingString, submitUrl } from "./epay";

// Computed outside this code: printf '%s' '<string><key>' | md5sum
const VECTOR = {
  params: {
    pid: "1001",
    type: "alipay",
    out_trade_no: "R202611230001",
    notify_url: "http://127.0.0.1/n",
    return_url: "",
    name: "充值",
    money: "1.00",
    sign_type: "MD5",
    sign: "ignored",
  },
  key: "abc123",
  string: "money=1.00&name=充值&notify_url=http://127.0.0.1/n&out_trade_no=R202611230001&pid=1001&type=alipay",
  md5: "31b54c857eda1ad9cfcaf1365e3b8bd5",
};

describe("EPay signing", () => {
  it("sorts by name, drops sign, sign_type and empty values, appends the key directly", () => {
    expect(signingString(VECTOR.params)).toBe(VECTOR.string);
    expect(epaySign(VECTOR.params, VECTOR.key)).toBe(VECTOR.md5);
    expect(epaySign({ b: "2", a: 1, c: null, d: undefined }, "key")).toBe("1c123a5dc12e90deeaa1cd94681f0d88");
  });

  it("verifies a correct signature and refuses a changed parameter, key or malformed sign", () => {
    const signed = { ...VECTOR.params, sign: VECTOR.md5 };
    expect(epayVerify(signed, VECTOR.key)).toBe(true);
    expect(epayVerify({ ...signed, sign: VECTOR.md5.toUpperCase() }, VECTOR.key)).toBe(true);
    expect(epayVerify({ ...signed, money: "1.01" }, VECTOR.key)).toBe(false);
    expect(epayVerify(signed, "abc124")).toBe(false);
    expect(epayVerify({ ...signed, sign: "" }, VECTOR.key)).toBe(false);
    expect(epayVerify({ ...signed, sign: "zz" }, VECTOR.key)).toBe(false);
    // sign_type is not signed: changing it keeps the signature valid (as in the protocol)
    expect(epayVerify({ ...signed, sign_type: "" }, VECTOR.key)).toBe(true);
  });

  it("builds submit.php and the order query URL", () => {
    const url = new URL(
      submitUrl(
        "http://gw.test/pay/",
        {
          pid: "1001",
          type: "alipay",
          out_trade_no: "R202611230001",
          notify_url: "http://127.0.0.1/n",
          return_url: "",
          name: "充值",
          money: "1.00",
        },
        "abc123",
      ),
    );
    expect(url.origin + url.pathname).toBe("http://gw.test/pay/submit.php");
    expect(url.searchParams.get("sign")).toBe(VECTOR.md5);
    expect(url.searchParams.get("sign_type")).toBe("MD5");
    expect(url.searchParams.get("name")).toBe("充值");
    expect(
      submitUrl(
        "http://gw.test/submit.php",
        { pid: "1", type: "x", out_trade_no: "o", notify_url: "n", return_url: "r", name: "n", money: "1.00" },
        "k",
      ),
    ).toMatch(/^http:\/\/gw\.test\/submit\.php\?/);
    const q = new URL(orderQueryUrl("http://gw.test", "1001", "abc123", "R1"));
    expect(q.pathname).toBe("/api.php");
    expect(Object.fromEntries(q.searchParams)).toEqual({
      act: "order",
      pid: "1001",
      key: "abc123",
      out_trade_no: "R1",
    });
  });

  it("converts money and fen exactly", () => {
    expect(fenToMoney(1)).toBe("0.01");
    expect(fenToMoney(1230)).toBe("12.30");
    expect(fenToMoney(100000)).toBe("1000.00");
    expect(moneyToFen("12.3")).toBe(1230);
    expect(moneyToFen("12.30")).toBe(1230);
    expect(moneyToFen("12")).toBe(1200);
    expect(moneyToFen("0.01")).toBe(1);
    expect(moneyToFen("12.301")).toBeNull();
    expect(moneyToFen("-1")).toBeNull();
    expect(moneyToFen("1e3")).toBeNull();
    expect(moneyToFen("")).toBeNull();
  });
});
