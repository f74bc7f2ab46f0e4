import type { EntityManager } from "typeorm";

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

export async function seedMallDemo(m: EntityManager): Promise<void> {
  const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM cert_packages`);
  if (n > 0) return;
  for (const [i, p] of PACKAGES.entries()) {
    const [{ id }] = await m.query(
      `INSERT INTO cert_packages (name, description, kind, source, device_type, sort_order) VALUES ($1, $2, $3, 'manual', $4, $5) RETURNING id`,
      [p.name, p.description, p.kind, p.device, i],
    );
    for (const [j, [name, days, priceFen, warranty, discount]] of p.plans.entries()) {
      await m.query(
        `INSERT INTO cert_plans (package_id, name, duration_days, price_fen, warranty_days, renewal_discount_pct, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, name, days, priceFen, warranty, discount, j],
      );
    }
  }
}
