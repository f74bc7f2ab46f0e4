import { useState } from "react";
import { Button, Input, Selector } from "antd-mobile";
import { errorMessage } from "../../shared/graphqlError";
import { formProblem, uploadCertificate, verifyP12Password } from "./api";
import styles from "./certificates.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

const DAY_OPTIONS = [1, 3, 7, 15, 30].map((d) => ({ label: `${d}天`, value: d }));

/**
 * The upload sheet: the .p12, its password (checked on the spot with verify-p12-password, which stores nothing),
 * the .mobileprovision, an optional name and, for temporary certificates, how many days it lives. The server checks
 * the pair and refuses with a message shown here; nothing is stored then.
 */
export function UploadSheet(props: {
  visible: boolean;
  title: string;
  path: string;
  temp?: boolean;
  onClose: () => void;
  onUploaded: (id: number) => void;
}) {
  const [p12, setP12] = useState<File | null>(null);
  const [profile, setProfile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [days, setDays] = useState(7);
  const [error, setError] = useState<string>();
  const [passwordOk, setPasswordOk] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setP12(null);
    setProfile(null);
    setPassword("");
    setName("");
    setError(undefined);
    setPasswordOk(null);
  };

  async function checkPassword() {
    if (!p12 || !password) return setPasswordOk(null);
    try {
      setPasswordOk(await verifyP12Password(p12, password));
    } catch (e) {
      setPasswordOk(null);
      setError(errorMessage(e));
    }
  }

  async function submit() {
    setError(undefined);
    const problem = formProblem({ p12, mobileprovision: profile });
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const id = await uploadCertificate(props.path, {
        p12: p12!,
        mobileprovision: profile!,
        password,
        name: name.trim() || undefined,
        days: props.temp ? days : undefined,
      });
      reset();
      props.onUploaded(id);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <BottomSheet visible={props.visible} onClose={props.onClose} destroyOnClose>
      <form
        className={styles.sheet}
        role="dialog"
        aria-label={props.title}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 className={styles.sheetTitle}>{props.title}</h2>
        <label className={styles.field}>
          <span className={styles.label}>证书文件（.p12）</span>
          <span className={styles.file}>
            <strong>选择文件</strong>
            <span>{p12?.name ?? "未选择"}</span>
            <input
              type="file"
              accept=".p12"
              aria-label="证书文件"
              onChange={(e) => {
                setP12(e.target.files?.[0] ?? null);
                setPasswordOk(null);
                setError(undefined);
              }}
            />
          </span>
        </label>
        <div className={styles.field}>
          <span className={styles.label}>
            证书密码 {passwordOk === true && <span className={styles.ok}>密码正确</span>}
            {passwordOk === false && <span className={styles.error}>密码错误</span>}
          </span>
          <Input
            className={styles.input}
            type="password"
            aria-label="证书密码"
            placeholder="导出 p12 时设置的密码"
            value={password}
            onChange={(v) => {
              setPassword(v);
              setPasswordOk(null);
              setError(undefined);
            }}
            onBlur={() => void checkPassword()}
            autoComplete="off"
          />
        </div>
        <label className={styles.field}>
          <span className={styles.label}>描述文件（.mobileprovision）</span>
          <span className={styles.file}>
            <strong>选择文件</strong>
            <span>{profile?.name ?? "未选择"}</span>
            <input
              type="file"
              accept=".mobileprovision"
              aria-label="描述文件"
              onChange={(e) => {
                setProfile(e.target.files?.[0] ?? null);
                setError(undefined);
              }}
            />
          </span>
        </label>
        <div className={styles.field}>
          <span className={styles.label}>名称（可选）</span>
          <Input
            className={styles.input}
            aria-label="证书名称"
            placeholder="默认使用证书名称"
            maxLength={50}
            value={name}
            onChange={setName}
          />
        </div>
        {props.temp && (
          <div className={styles.field}>
            <span className={styles.label}>有效天数</span>
            <Selector
              aria-label="有效天数"
              options={DAY_OPTIONS}
              value={[days]}
              onChange={(v) => v[0] && setDays(v[0])}
            />
          </div>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button size="large" onClick={props.onClose}>
            取消
          </Button>
          <Button size="large" color="primary" type="submit" loading={busy}>
            上传
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
