import type { ReactNode } from "react";
import { Alert, Button, Card, Input, Table, type TableProps } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { errorMessage } from "../../../shared/graphqlError";
import styles from "./common.module.css";
import { fitColumns, SELECTION_WIDTH } from "./fitColumns";
import { useCompact } from "./useCompact";
import { useElementWidth } from "./useElementWidth";

/** The card around an admin list: its title, the create button (when there is one) and the load error. */
export function ListCard({
  title,
  createText,
  onCreate,
  error,
  children,
}: {
  title: string;
  createText?: string;
  onCreate?: () => void;
  error?: unknown;
  children: ReactNode;
}) {
  const compact = useCompact();
  return (
    <Card
      className={styles.card}
      styles={{ body: compact ? { padding: 12 } : undefined }}
      title={title}
      extra={
        createText && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            {createText}
          </Button>
        )
      }
    >
      <LoadError error={error} />
      {children}
    </Card>
  );
}

/** A list's load error above it. */
export function LoadError({ error }: { error?: unknown }) {
  return error ? <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} /> : null;
}

/** Search box (and filters, `children`) on the left, the batch actions (`end`) on the right. */
export function ListToolbar({
  placeholder,
  onSearch,
  children,
  end,
}: {
  placeholder: string;
  onSearch: (value: string) => void;
  children?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <div className={styles.toolbar}>
      <Input.Search
        placeholder={placeholder}
        allowClear
        enterButton="搜索"
        style={{ width: 320 }}
        onSearch={onSearch}
      />
      {children}
      <span className={styles.grow} />
      {end}
    </div>
  );
}

/**
 * An admin table: rows keyed by id; on phones denser and without the sticky 操作 column. Its columns are fitted to
 * the width it has (fitColumns): every column shows without sideways scrolling whenever their minimum widths fit,
 * so none hides under the sticky 操作 column; the sideways scroll width is computed here, not given by the page.
 */
export function AdminTable<T extends object>({ columns, scroll, ...props }: TableProps<T>) {
  const compact = useCompact();
  const { ref, width } = useElementWidth<HTMLDivElement>(0);
  const base = (compact ? columns?.map((c) => (c.fixed === "right" ? { ...c, fixed: undefined } : c)) : columns) ?? [];
  const fit = fitColumns(base, width, props.rowSelection ? SELECTION_WIDTH : 0);
  const { x: _pageWidth, ...rest } = scroll ?? {};
  const sideways = fit.x === undefined ? rest : { ...rest, x: fit.x };
  return (
    <div ref={ref}>
      <Table<T>
        rowKey="id"
        size={compact ? "small" : "middle"}
        columns={fit.columns}
        scroll={Object.keys(sideways).length ? sideways : undefined}
        {...props}
      />
    </div>
  );
}
