import type { ReactNode } from "react";
import { Alert, Button, Skeleton } from "antd";
import { errorMessage } from "../../../shared/graphqlError";

/** One settings tab: the load failure with 重试, a skeleton while loading, else the form. */
export function SettingsSection({
  loading,
  error,
  failedText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  failedText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={failedText}
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={onRetry}>
            重试
          </Button>
        }
      />
    );
  if (loading) return <Skeleton active paragraph={{ rows: 5 }} />;
  return <>{children}</>;
}
