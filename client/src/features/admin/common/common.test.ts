import { describe, expect, it } from "vitest";
import { dispositionName } from "../../../shared/download";
import { failureText } from "./failureText";
import { idsBefore, reorderBlocked } from "./pagedOrder";
import { BUNDLE_ID_PATTERN, QQ_NUMBER_PATTERN, isSafeLink } from "./rules";
import { moveItem } from "./useRowOrder";

describe("moveItem", () => {
  it("moves one item and leaves the input alone", () => {
    const list = ["a", "b", "c", "d"];
    expect(moveItem(list, 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(list, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(list, 1, 1)).toEqual(list);
    expect(moveItem(list, 0, 4)).toEqual(list);
    expect(list).toEqual(["a", "b", "c", "d"]);
  });
});

describe("paged reorder", () => {
  it("sends the earlier pages first, page by page", async () => {
    const all = Array.from({ length: 45 }, (_, i) => String(i + 1));
    const asked: [number, number][] = [];
    const fetchIds = async (page: number, size: number) => {
      asked.push([page, size]);
      return all.slice((page - 1) * size, page * size);
    };
    expect(await idsBefore(1, 20, fetchIds)).toEqual([]);
    expect(await idsBefore(3, 20, fetchIds)).toEqual(all.slice(0, 40));
    expect(asked).toEqual([
      [1, 20],
      [2, 20],
    ]);
  });
  it("waits for a cleared search or filter and stays within the server's 1000 ids", () => {
    expect(reorderBlocked(1, 20, false)).toBeNull();
    expect(reorderBlocked(1, 20, true)).toBe("清除搜索和筛选后可调整排序");
    expect(reorderBlocked(10, 100, false)).toBeNull();
    expect(reorderBlocked(11, 100, false)).toBe("只能在前 1000 项内调整排序");
  });
});

describe("rules", () => {
  it("links: http(s) or a site path", () => {
    expect(isSafeLink("https://example.com/a")).toBe(true);
    expect(isSafeLink("/app/1")).toBe(true);
    expect(isSafeLink("//evil.example")).toBe(false);
    expect(isSafeLink("javascript:alert(1)")).toBe(false);
    expect(isSafeLink("/a b")).toBe(false);
  });
  it("QQ group numbers: 5 to 12 digits, no leading zero", () => {
    expect(QQ_NUMBER_PATTERN.test("12345")).toBe(true);
    expect(QQ_NUMBER_PATTERN.test("123456789012")).toBe(true);
    expect(QQ_NUMBER_PATTERN.test("1234")).toBe(false);
    expect(QQ_NUMBER_PATTERN.test("1234567890123")).toBe(false);
    expect(QQ_NUMBER_PATTERN.test("01234")).toBe(false);
    expect(QQ_NUMBER_PATTERN.test("12a45")).toBe(false);
  });
  it("bundle ids", () => {
    expect(BUNDLE_ID_PATTERN.test("com.example.app")).toBe(true);
    expect(BUNDLE_ID_PATTERN.test("com.example-app_2")).toBe(true);
    expect(BUNDLE_ID_PATTERN.test(".com.example")).toBe(false);
    expect(BUNDLE_ID_PATTERN.test("com example")).toBe(false);
  });
});

describe("texts", () => {
  it("failure text with the reason", () => {
    expect(failureText(new Error("文件过大，最大 2 MB"), "上传失败")).toBe("上传失败：文件过大，最大 2 MB");
    expect(failureText(new Error("上传失败"), "上传失败")).toBe("上传失败");
    expect(failureText("x", "更新费用失败")).toBe("更新费用失败");
  });
  it("file name of a download", () => {
    expect(dispositionName(`attachment; filename="a_b.dylib"; filename*=UTF-8''%E6%8F%92%E4%BB%B6.dylib`, "x")).toBe(
      "插件.dylib",
    );
    expect(dispositionName('attachment; filename="plain.deb"', "x")).toBe("plain.deb");
    expect(dispositionName(null, "fallback.dylib")).toBe("fallback.dylib");
  });
});
