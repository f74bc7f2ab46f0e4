import { Button, Input } from "antd-mobile";
import styles from "./mall.module.css";

/** The card key box, its error and the 兑换证书 button: the same for a signed-in user and a guest. */
export function CardKeyFields({
  code,
  onCode,
  label,
  error,
  disabled,
  loading,
  onRedeem,
}: {
  code: string;
  onCode: (code: string) => void;
  label: string;
  error: string | null;
  disabled: boolean;
  loading: boolean;
  onRedeem: () => void;
}) {
  return (
    <>
      <Input
        className={styles.codeInput}
        placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
        value={code}
        onChange={onCode}
        clearable
        aria-label={label}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button
        block
        color="primary"
        fill="outline"
        size="large"
        style={{ marginTop: 12 }}
        disabled={disabled || !code.trim()}
        loading={loading}
        onClick={onRedeem}
      >
        兑换证书
      </Button>
    </>
  );
}
