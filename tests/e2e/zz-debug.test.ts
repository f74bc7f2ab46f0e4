import { it } from "vitest";
import { useApp } from "./support/fixture";
import { signIn } from "./support/session";
const t = useApp();
it("debug", async () => {
  const admin = await t.page({ viewport: { width: 1280, height: 900 } });
  const logs: string[] = [];
  admin.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
  admin.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
  await signIn(admin, t.app.url, t.app.adminUsername, t.app.adminPassword);
  await admin.goto("/admin/certificate-mall");
  await new Promise((r) => setTimeout(r, 8000));
  console.log("LOGS", logs.join("\n"));
  await admin.screenshot({ path: "/tmp/shots/admin-mall.png" });
}, 120_000);
