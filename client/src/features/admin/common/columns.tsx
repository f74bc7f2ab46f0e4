import type { ReactNode } from "react";
import { Tooltip, type TableColumnType } from "antd";
import { formatFileSize, formatPrice } from "../../../shared/format";
import { BusinessDateTime } from "./businessTime";
import { NameCell } from "./cells";
import { useAdminAction } from "./useAdminAction";
import { Tag } from "./Tag";
import { Switch } from "./Switch";

/**
 * Column factories the admin lists share; columns only one list has stay inline there. `width` is what a column
 * would like, `minWidth` what it needs when AdminTable fits a table into a narrower screen (see fitColumns).
 */
type Column<T> = TableColumnType<T>;

/** 排序: the drag handle and 上移 / 下移 of useRowOrder. */
export const orderColumn = <T,>(order: {
  width: number;
  controls: (row: T, index: number) => ReactNode;
}): Column<T> => ({
  title: "排序",
  key: "order",
  width: order.width,
  minWidth: Math.min(order.width, 92),
  render: (_, row, i) => order.controls(row, i),
});

/** Icon and name, the bundle id below. */
export const nameColumn = <T extends { icon: string; name: string; bundleId: string }>(title = "名称"): Column<T> => ({
  title,
  key: "name",
  width: 220,
  minWidth: 120,
  render: (_, row) => <NameCell icon={row.icon} name={row.name} sub={row.bundleId || undefined} />,
});

export const versionColumn = <T,>(): Column<T> => ({
  title: "版本",
  dataIndex: "version",
  width: 90,
  minWidth: 60,
  ellipsis: true,
  render: (v: string) => v || "-",
});

export const sizeColumn = <T,>(dataIndex: keyof T & string): Column<T> => ({
  title: "大小",
  dataIndex,
  width: 100,
  minWidth: 72,
  render: (v: number) => formatFileSize(v),
});

/**
 * 安装包: whether the item has something to deliver. Without one it is not sold (the server refuses a purchase with
 * CATALOG_ITEM_NO_PACKAGE and the public page shows 暂无安装包), which the cell says.
 */
export const packageColumn = <T,>(dataIndex: keyof T & string): Column<T> => ({
  title: "安装包",
  dataIndex,
  width: 96,
  minWidth: 80,
  render: (v: boolean) => (v ? <Tag color="blue">已上传</Tag> : <NoPackageTag />),
});

function NoPackageTag() {
  return (
    <Tooltip title="没有安装包的项目不会出售：用户页面显示「暂无安装包」，购买会被拒绝。上传安装包后即可销售。">
      <Tag color="orange" data-testid="no-package-tag">
        无 · 不可购买
      </Tag>
    </Tooltip>
  );
}

/**
 * 文件: the file's size, or (without a file) that the item is not sold, in one column, for the lists that have
 * many columns already (dylibs, resource shares): every column still fits a 1280 px screen.
 */
export const fileColumn = <T,>(sizeIndex: keyof T & string, hasIndex: keyof T & string): Column<T> => ({
  title: "文件",
  dataIndex: sizeIndex,
  width: 100,
  minWidth: 72,
  render: (v: number, row: T) => (row[hasIndex] ? formatFileSize(v) : <NoPackageTag />),
});

/** 费用: the resource fee and the traffic fee in yuan, one above the other. */
export const feeColumns = <T extends { resourceFee: number; trafficFee: number }>(): Column<T>[] => [
  {
    title: "费用",
    key: "fees",
    width: 120,
    minWidth: 92,
    render: (_, row) => (
      <>
        <div>资源 ¥{formatPrice(row.resourceFee)}</div>
        <div>流量 ¥{formatPrice(row.trafficFee)}</div>
      </>
    ),
  },
];

/** A date and time in the business time zone (BUSINESS_TZ), as the dashboard counts days. */
export const dateColumn = <T,>(title: string, dataIndex: keyof T & string): Column<T> => ({
  title,
  dataIndex,
  width: 150,
  minWidth: 92, // the time wraps under the date
  render: (v: string | null) => <BusinessDateTime value={v} />,
});

/** The on / off verbs of a list: 上架 / 下架 for the catalogue, 启用 / 停用 for the site's lists. */
export const LISTED = ["上架", "下架"] as const;
export const ENABLED = ["启用", "停用"] as const;

/** The switch of a row's isActive: saves at once and says 已上架 / 已下架 (or 已启用 / 已停用). */
export function ActiveSwitch({
  on,
  verbs,
  onChange,
}: {
  on: boolean;
  verbs: readonly [string, string];
  onChange: (next: boolean) => Promise<unknown>;
}) {
  const act = useAdminAction();
  const [onVerb, offVerb] = verbs;
  return (
    <Switch
      size="small"
      checked={on}
      aria-label={on ? offVerb : onVerb}
      onChange={(next) => act(() => onChange(next), next ? `已${onVerb}` : `已${offVerb}`)}
    />
  );
}

export const activeColumn = <T extends { id: string; isActive: boolean }>(
  verbs: readonly [string, string],
  width: number,
  set: (row: T, next: boolean) => Promise<unknown>,
): Column<T> => ({
  title: verbs[0],
  dataIndex: "isActive",
  width,
  minWidth: Math.min(width, 52),
  render: (on: boolean, row) => <ActiveSwitch on={on} verbs={verbs} onChange={(next) => set(row, next)} />,
});

/** 操作, sticky on the right (AdminTable unsticks it on phones). */
export const actionsColumn = <T,>(width: number, render: (row: T) => ReactNode): Column<T> => ({
  title: "操作",
  key: "actions",
  fixed: "right",
  width,
  minWidth: Math.min(width, 80), // its buttons wrap onto a second line
  render: (_, row) => render(row),
});
