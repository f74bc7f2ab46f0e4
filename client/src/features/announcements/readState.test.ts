import { describe, expect, it } from "vitest";
import { markRead, pruneReadIds, unreadCount } from "./readState";

describe("announcement read state", () => {
  it("prunes ids that are no longer published", () => {
    expect(pruneReadIds(["1", "2", "9"], ["1", "2", "3"])).toEqual(["1", "2"]);
  });
  it("counts the unread ones for the bell dot", () => {
    expect(unreadCount(["1"], ["1", "2", "3"])).toBe(2);
    expect(unreadCount([], [])).toBe(0);
  });
  it("marks an id read once", () => {
    expect(markRead(["1"], "2")).toEqual(["1", "2"]);
    expect(markRead(["1"], "1")).toEqual(["1"]);
  });
});
