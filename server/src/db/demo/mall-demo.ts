import { anyCertPackage, insertCertPackage, insertCertPlan, type Sql } from "@gryx/store";

/**
 * The certificate mall of the default run: three believable packages (shared, stable, dedicated) with their plans.
 * The shared one is delivered from the demo certificate (演示证书, an all-devices profile) when the server offers it
 * (MallCatalogueService.useDemoCertificate at start); the others by hand (an admin uploads the p12 and profile in
 * 证书任务) until an admin adds App Store Connect accounts or a supplier, so a fresh machine sells without outside services.
 */
const PACKAGES = [
  {
    name: "共享版证书",
    kind: "shared",
    device: "iphone",
    description: "多人共享的企业签名证书，价格实惠，适合临时体验应用；掉签后在质保期内免费补签。",
    plans: [
      ["体验月卡", 30, 1500, 7, 0],
      ["季卡", 90, 3800, 30, 10],
      ["半年卡", 180, 6800, 60, 15],
    ],
  },
  {
    name: "稳定版证书",
    kind: "stable",
    device: "iphone",
    description: "绑定设备 UDID 的个人开发者证书，一机一证，稳定不易掉签，支持推送与大部分系统能力。",
    plans: [
      ["一年", 365, 3000, 180, 20],
      ["两年", 730, 5500, 365, 20],
    ],
  },
  {
    name: "独立版证书（iPad）",
    kind: "dedicated",
    device: "ipad",
    description: "独享开发者账号的 iPad 专用证书，设备独立注册、全程质保，适合长期使用的工作设备。",
    plans: [["一年", 365, 9900, 365, 30]],
  },
] as const;

export async function seedMallDemo(m: Sql): Promise<void> {
  if (await anyCertPackage(m)) return;
  for (const [i, p] of PACKAGES.entries()) {
    const id = await insertCertPackage(
      m,
      { name: p.name, description: p.description, kind: p.kind, source: "manual", deviceType: p.device },
      i,
    );
    for (const [j, [name, days, priceFen, warranty, discount]] of p.plans.entries()) {
      await insertCertPlan(
        m,
        id,
        { name, durationDays: days, priceFen, warrantyDays: warranty, renewalDiscountPct: discount },
        j,
      );
    }
  }
}
