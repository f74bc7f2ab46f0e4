import { describe, expect, it } from "vitest";
import { changedFields, givenColumns } from "./sql";

const COLUMNS = { name: "name", fileSize: "file_size", tags: "tags", versionDate: "version_date", fee: "fee" };

describe("givenColumns", () => {
  it("names the given fields' columns in the map's order and leaves out undefined ones", () => {
    expect(givenColumns(COLUMNS, { fee: 0, name: "a", tags: undefined })).toEqual({
      names: ["name", "fee"],
      values: ["a", 0],
    });
  });
});

describe("changedFields", () => {
  const row = {
    name: "a",
    file_size: "1024",
    tags: ["x", "y"],
    version_date: new Date("2026-01-01T00:00:00Z"),
    fee: 0,
  };

  it("finds nothing in an unchanged form (bigint text, arrays and dates compared by value)", () => {
    const same = {
      name: "a",
      fileSize: "1024",
      tags: ["x", "y"],
      versionDate: new Date("2026-01-01T00:00:00Z"),
      fee: 0,
    };
    expect(changedFields(COLUMNS, row, same)).toEqual({});
  });

  it("keeps exactly the fields whose value differs", () => {
    const later = new Date("2026-02-01T00:00:00Z");
    expect(
      changedFields(COLUMNS, row, { name: "a", fileSize: "2048", tags: ["y", "x"], versionDate: later, fee: null }),
    ).toEqual({ fileSize: "2048", tags: ["y", "x"], versionDate: later, fee: null });
  });
});
