import { describe, expect, it } from "vitest";
import { checkWithdrawAmount } from "./withdrawAmount";

describe("checkWithdrawAmount", () => {
  it("takes yuan with at most two decimals within 1 – 50,000 and the balance", () => {
    expect(checkWithdrawAmount(" 30 ", 100)).toEqual({ amount: 30 });
    expect(checkWithdrawAmount("1", 1)).toEqual({ amount: 1 });
    expect(checkWithdrawAmount("12.5", 20)).toEqual({ amount: 12.5 });
    expect(checkWithdrawAmount("50000", null)).toEqual({ amount: 50000 });
  });

  it("says what is wrong, in Chinese", () => {
    expect(checkWithdrawAmount("", 10)).toEqual({ error: "请输入提现金额" });
    expect(checkWithdrawAmount("-5", 10)).toEqual({ error: "提现金额无效，请输入数字" });
    expect(checkWithdrawAmount("1e3", 10_000)).toEqual({ error: "提现金额无效，请输入数字" });
    expect(checkWithdrawAmount("abc", 10)).toEqual({ error: "提现金额无效，请输入数字" });
    expect(checkWithdrawAmount("1.005", 10)).toEqual({ error: "提现金额最多保留两位小数" });
    expect(checkWithdrawAmount("0.99", 10)).toEqual({ error: "提现金额不能低于1元" });
    expect(checkWithdrawAmount("0", 10)).toEqual({ error: "提现金额不能低于1元" });
    expect(checkWithdrawAmount("50000.01", 100_000)).toEqual({ error: "单次提现不能超过50,000元" });
    expect(checkWithdrawAmount("150", 100)).toEqual({ error: "余额不足，最多可提现 ¥100.00" });
  });
});
