import { lazy, Suspense, type ReactNode } from "react";
import { Button } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { errorMessage } from "../../../shared/graphqlError";
import styles from "./common.module.css";
import { SearchBox } from "./SearchBox";
import { useCompact } from "./useCompact";
import { Panel } from "./Panel";

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
    <Panel
      className={styles.card}
      bodyStyle={compact ? { padding: 12 } : undefined}
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
    </Panel>
  );
}

/** antd's Alert loads with the first error, not with every list. */
const ErrorAlert = lazy(() => import("./ErrorAlert"));

/** A list's load error above it. */
export function LoadError({ error }: { error?: unknown }) {
  return error ? (
    <Suspense fallback={null}>
      <ErrorAlert text={errorMessage(error)} />
    </Suspense>
  ) : null;
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
      <SearchBox placeholder={placeholder} enterButton="搜索" onSearch={onSearch} />
      {children}
      <span className={styles.grow} />
      {end}
    </div>
  );
}

export { AdminTable } from "./AdminTable";
