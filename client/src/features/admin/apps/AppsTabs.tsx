import { useCompact } from "../common/useCompact";
import { useSearchParams } from "react-router";
import { AppsTable } from "./AppsTable";
import { CategoriesPanel } from "./CategoriesPanel";
import { Panel } from "../common/Panel";
import { PageTabs } from "../common/PageTabs";

/** 应用管理: the apps and, in a second tab, 分类管理. The open tab is kept in ?tab=. */
export function AppsTabs() {
  const compact = useCompact();
  const [params, setParams] = useSearchParams();
  const active = params.get("tab") === "categories" ? "categories" : "apps";
  return (
    <Panel bodyStyle={compact ? { padding: 12 } : undefined}>
      <PageTabs
        activeKey={active}
        onChange={(key) => setParams(key === "apps" ? {} : { tab: key }, { replace: true })}
        items={[
          { key: "apps", label: "应用列表", children: <AppsTable /> },
          { key: "categories", label: "分类管理", children: <CategoriesPanel /> },
        ]}
      />
    </Panel>
  );
}
