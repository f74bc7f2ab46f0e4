import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, adminPageAt, adminPageFor, mayOpen, pagesFor } from "./adminPages";
import { PATHS } from "./paths";
import { ADMIN_PENDING } from "./routes";

describe("admin page registry", () => {
  it("gives every page its own path, none of them still pending, and the admin home among them", () => {
    const paths = ADMIN_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((p) => (ADMIN_PENDING as readonly string[]).includes(p))).toEqual([]);
    expect(adminPageAt(PATHS.adminHome)?.label).toBe("仪表盘");
  });

  it("finds the page of a path and of the paths below it, and no page for a prefix that is another word", () => {
    expect(adminPageAt("/admin/resource-shares")?.label).toBe("资源分享管理");
    expect(adminPageAt("/admin/apps/12")?.label).toBe("应用管理");
    expect(adminPageAt("/admin/apps-old")).toBeUndefined();
    expect(adminPageAt("/admin/certificates")?.label).toBe("证书管理");
    expect(adminPageAt("/admin/certificates-old")).toBeUndefined();
  });

  it("opens a page's declared sub-paths (:id numeric) and nothing else below it", () => {
    expect(adminPageFor("software-sources")?.path).toBe("software-sources");
    expect(adminPageFor("software-sources/add")?.path).toBe("software-sources");
    expect(adminPageFor("software-sources/12")?.path).toBe("software-sources");
    expect(adminPageFor("software-sources/12/edit")?.path).toBe("software-sources");
    expect(adminPageFor("software-sources/abc")).toBeUndefined();
    expect(adminPageFor("software-sources/12/delete")).toBeUndefined();
    expect(adminPageFor("apps/12")).toBeUndefined();
    expect(adminPageFor("apps")?.path).toBe("apps");
  });

  it("gives every page a staff permission except the full-admin ones, and shows staff only their pages", () => {
    expect(ADMIN_PAGES.filter((p) => !p.permission).map((p) => p.path)).toEqual(["users", "debug-auth"]);
    const agent = { role: "user", permissions: ["customer-service"] };
    expect(pagesFor(agent).map((p) => p.path)).toEqual(["customer-service", "customer-service-settings"]);
    expect(pagesFor({ role: "user", permissions: [] })).toEqual([]);
    expect(pagesFor({ role: "admin", permissions: [] })).toHaveLength(ADMIN_PAGES.length);
    expect(mayOpen(agent, adminPageFor("users")!)).toBe(false);
    expect(mayOpen({ role: "user", permissions: ["settings"] }, adminPageFor("email-management")!)).toBe(true);
    expect(mayOpen(null, adminPageFor("dashboard")!)).toBe(false);
  });
});
