import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gql, loginUser } from "./support/api";
import { expectPath, tapUntil } from "./support/browser";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";

/** The dylib and resource-share back office pages share one table and form; each kind keeps its own parts. */
const t = useApp();

async function openAdmin(path: string): Promise<Page> {
  const page = await t.page();
  await signIn(page, t.app.url, t.app.adminUsername, t.app.adminPassword);
  await page.goto(path);
  await expectPath(page, path);
  return page;
}

interface Item {
  name: string;
  isActive: boolean;
  resourceFee: number;
  trafficFee: number;
  author?: string;
  tags?: string[];
}

const KINDS = [
  {
    kind: "dylibs",
    path: "/admin/dylib-plugins",
    create: "新建动态库",
    edit: "编辑动态库",
    list: async (token: string) =>
      (
        await gql<{ adminDylibs: { items: Item[] } }>(
          t.app.url,
          "{ adminDylibs(pageSize: 100) { items { name isActive resourceFee trafficFee author tags } } }",
          {},
          token,
        )
      ).adminDylibs.items,
    /** Fills the kind's own fields, and checks its own columns and actions on the row. */
    own: async (dialog: ReturnType<Page["getByRole"]>) => {
      await dialog.getByLabel("作者").fill("E2E 作者");
      await dialog.getByLabel("标签").fill("美化");
      await dialog.getByLabel("标签").press("Enter");
    },
    expected: { author: "E2E 作者", tags: ["美化"] },
    rowShows: ["E2E 作者", "美化"],
    rowButtons: ["编辑", "下载"],
  },
  {
    kind: "resource shares",
    path: "/admin/resource-shares",
    create: "新建资源分享",
    edit: "编辑资源分享",
    list: async (token: string) =>
      (
        await gql<{ adminResourceShares: { items: Item[] } }>(
          t.app.url,
          "{ adminResourceShares(pageSize: 100) { items { name isActive resourceFee trafficFee } } }",
          {},
          token,
        )
      ).adminResourceShares.items,
    own: async () => undefined,
    expected: {},
    rowShows: [],
    rowButtons: ["编辑"],
  },
];

describe("admin catalogue items", () => {
  for (const k of KINDS)
    it(`${k.kind}: creates with fees and its own fields, edits, switches off and batch-deletes`, async () => {
      const token = (await loginUser(t.app.url, t.app.adminUsername, t.app.adminPassword)).token;
      const page = await openAdmin(k.path);
      const name = `E2E ${k.kind}`;

      await page.getByRole("button", { name: k.create }).click();
      const dialog = page.getByRole("dialog", { name: k.create });
      // Saving empty only shows the form's message: safe to tap again if a tap is lost.
      await tapUntil(dialog.getByRole("button", { name: "保存" }), dialog.getByText("请填写名称"));
      await dialog.getByLabel("名称").fill(name);
      await dialog.getByLabel("资源费（元）").fill("1.5");
      await dialog.getByLabel("流量费（元）").fill("0.2");
      await k.own(dialog);
      await dialog.getByRole("button", { name: "保存" }).click();
      await dialog.waitFor({ state: "detached", timeout: 30_000 });

      const row = (text: string) => page.locator("tbody tr", { hasText: text });
      await row(name).waitFor({ timeout: 30_000 });
      for (const text of k.rowShows) await row(name).getByText(text).first().waitFor();
      expect(await row(name).getByRole("button").allInnerTexts()).toEqual(expect.arrayContaining(k.rowButtons));
      expect((await k.list(token)).find((i) => i.name === name)).toMatchObject({
        isActive: true,
        resourceFee: 1.5,
        trafficFee: 0.2,
        ...k.expected,
      });

      await row(name).getByRole("button", { name: "编辑" }).click();
      const edit = page.getByRole("dialog", { name: k.edit });
      await expect.poll(() => edit.getByLabel("名称").inputValue()).toBe(name);
      await edit.getByLabel("名称").fill(`${name} 改`);
      await edit.getByRole("button", { name: "保存" }).click();
      await edit.waitFor({ state: "detached", timeout: 30_000 });
      await row(`${name} 改`).waitFor({ timeout: 30_000 });
      expect((await k.list(token)).find((i) => i.name === `${name} 改`)).toMatchObject({
        resourceFee: 1.5,
        ...k.expected,
      });

      await row(`${name} 改`).getByRole("switch").click();
      await expect.poll(async () => (await k.list(token)).find((i) => i.name === `${name} 改`)?.isActive).toBe(false);

      await row(`${name} 改`).locator('input[type="checkbox"]').check();
      await page.getByRole("button", { name: "批量删除 (1)" }).click();
      await page.locator(".ant-popconfirm").getByRole("button", { name: "删除" }).click();
      await row(`${name} 改`).waitFor({ state: "detached", timeout: 30_000 });
      expect((await k.list(token)).some((i) => i.name.startsWith(name))).toBe(false);
    });
});
