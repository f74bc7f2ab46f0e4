import { useSearchParams } from "react-router";

import { AccountsCard } from "../../features/admin/mall/AccountsCard";
import { PackagesCard } from "../../features/admin/mall/PackagesCard";
import { PageTabs } from "../../features/admin/common/PageTabs";

/** /admin/certificate-mall: the catalogue (packages and price plans) and the App Store Connect accounts (?tab=accounts). */
export default function CertificateMallPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "accounts" ? "accounts" : "packages";
  return (
    <PageTabs
      activeKey={tab}
      onChange={(k) => setParams(k === "packages" ? {} : { tab: k }, { replace: true })}
      items={[
        { key: "packages", label: "套餐与方案", children: <PackagesCard /> },
        { key: "accounts", label: "开发者账号", children: <AccountsCard /> },
      ]}
    />
  );
}
