import { describe, expect, it } from "vitest";
import { feeText, isActive, stageIndex, stageLabel, STAGES, unusableReason } from "./labels";

describe("signing labels", () => {
  it("names the stages in order, and the end states", () => {
    expect(STAGES.map((s) => s.label)).toEqual(["排队中", "准备中", "签名中", "校验中", "保存中", "已完成"]);
    expect(stageLabel("verifying")).toBe("校验中");
    expect(stageLabel("failed")).toBe("失败");
    expect(stageLabel("cancelled")).toBe("已取消");
    expect(stageIndex("signing")).toBe(2);
    expect(stageIndex("failed")).toBe(-1);
  });

  it("tells running tasks from finished ones", () => {
    expect(["queued", "running", "done", "failed", "cancelled"].filter(isActive)).toEqual(["queued", "running"]);
  });

  it("shows a fee in yuan, or 免费", () => {
    expect(feeText(0)).toBe("免费");
    expect(feeText(250)).toBe("¥2.50");
    expect(feeText(1)).toBe("¥0.01");
  });

  it("says why a certificate cannot sign", () => {
    const now = Date.parse("2026-06-01T00:00:00Z");
    const future = "2027-01-01T00:00:00Z";
    expect(unusableReason({ usable: true, expiresAt: future, status: "valid" }, now)).toBeNull();
    expect(unusableReason({ usable: false, expiresAt: "2026-01-01T00:00:00Z", status: "valid" }, now)).toBe(
      "证书已过期",
    );
    expect(unusableReason({ usable: false, expiresAt: future, status: "revoked" }, now)).toBe("证书已被吊销");
    expect(unusableReason({ usable: false, expiresAt: future, status: "expired" }, now)).toBe("证书已过期");
    expect(unusableReason({ usable: false, expiresAt: future, status: "weird" }, now)).toBe("证书当前不可用");
  });
});
