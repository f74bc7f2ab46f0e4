import { useEffect, useState } from "react";
import { Alert, Button } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import ui from "../../../shared/ui/ui.module.css";
import { Checkbox, Field, Form, NumberInput, TextInput } from "../common/fields";
import { FilterSelect } from "../common/FilterSelect";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { useRestData } from "../common/useRestData";
import { TLS_OPTIONS, type EmailConfig } from "./api";
import fieldStyles from "../common/fields.module.css";
import styles from "./email.module.css";

const SOURCE_TEXT: Record<EmailConfig["source"], string> = {
  database: "邮件通过下方设置的SMTP服务器发送。",
  env: "下方未设置SMTP服务器，邮件通过服务器环境变量 SMTP_URL 发送。",
  none: "尚未配置SMTP服务器：邮件不会发出，只记录在日志中。填写下方设置并保存即可开始发送。",
};

type Values = Omit<EmailConfig, "password_set" | "source" | "port" | "rate_per_minute"> & {
  port: number | null;
  rate_per_minute: number | null;
  password: string;
};

const EMPTY: Values = {
  host: "",
  allow_private: false,
  port: null,
  tls_mode: "starttls",
  username: "",
  password: "",
  from_address: "",
  from_name: "",
  rate_per_minute: null,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const inRange = (n: number | null, min: number, max: number) =>
  n !== null && Number.isInteger(n) && n >= min && n <= max;

/** What is wrong with the form, by field: antd's rules, and the server's wording for a number out of its range. */
function problems(v: Values): Record<string, string> {
  const found: Record<string, string> = {};
  if (v.port === null) found.port = "请输入端口";
  else if (!inRange(v.port, 1, 65535)) found.port = "端口必须是1到65535之间的整数";
  if (v.from_address && !EMAIL.test(v.from_address)) found.from_address = "请输入有效的邮箱";
  if (!inRange(v.rate_per_minute, 1, 6000)) found.rate_per_minute = "发送速率必须是每分钟1到6000封";
  return found;
}

/** SMTP设置: server, port, encryption, login (the password is never shown back), sender, rate; and 发送测试邮件. */
export function SmtpSettingsForm() {
  const { data, error, loading, reload } = useRestData<EmailConfig>("/api/admin/email/config");
  const act = useAdminAction();
  const { values: v, setValues, set, errors, check } = useFormState<Values>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [testTo, setTestTo] = useState("");
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (data)
      setValues({
        host: data.host,
        allow_private: data.allow_private,
        port: data.port,
        tls_mode: data.tls_mode,
        username: data.username,
        password: "",
        from_address: data.from_address,
        from_name: data.from_name,
        rate_per_minute: data.rate_per_minute,
      });
  }, [data]);
  if (loading && !data)
    return (
      <div className={styles.loading} role="status" aria-label="加载中">
        <span className={ui.spinner} />
      </div>
    );

  async function save() {
    if (!check(problems(v))) return;
    setSaving(true);
    // An empty password field keeps the stored one.
    const body = { ...v, password: v.password ? v.password : undefined };
    await act(() => api.put("/api/admin/email/config", body), "邮件设置已保存");
    setSaving(false);
    reload();
  }

  async function sendTest() {
    setTesting(true);
    setTestResult(null);
    try {
      const r = await api.post<{ response: string }>("/api/admin/email/test", { to: testTo });
      setTestResult({ ok: true, text: `测试邮件已发送，服务器应答：${r.data.response}` });
    } catch (e) {
      setTestResult({ ok: false, text: errorMessage(e) });
    }
    setTesting(false);
  }

  return (
    <>
      <LoadError error={error} />
      {data && (
        <Alert
          type={data.source === "none" ? "warning" : "info"}
          showIcon
          title={SOURCE_TEXT[data.source]}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form style={{ maxWidth: 560 }} onSubmit={save}>
        <Field label="SMTP服务器" help="例如 smtp.qq.com；留空则不使用此处设置">
          {(id) => (
            <TextInput
              id={id}
              placeholder="smtp.example.com"
              autoComplete="off"
              value={v.host}
              onChange={(e) => set({ host: e.target.value })}
            />
          )}
        </Field>
        <div className={fieldStyles.field}>
          <Checkbox checked={v.allow_private} onChange={(allow_private) => set({ allow_private })}>
            允许内网地址
          </Checkbox>
          <div className={fieldStyles.help}>
            SMTP服务器在本机或内网时勾选；云服务器的元数据地址（169.254.x.x）始终拒绝
          </div>
        </div>
        <div className={styles.row}>
          <Field label="端口" required error={errors.port}>
            {(id) => <NumberInput id={id} style={{ width: 120 }} value={v.port} onChange={(port) => set({ port })} />}
          </Field>
          <Field label="加密方式">
            {(id) => (
              <FilterSelect
                id={id}
                style={{ width: 180 }}
                options={TLS_OPTIONS}
                value={v.tls_mode}
                onChange={(tls_mode) => tls_mode && set({ tls_mode })}
              />
            )}
          </Field>
        </div>
        <Field label="用户名">
          {(id) => (
            <TextInput
              id={id}
              autoComplete="off"
              value={v.username}
              onChange={(e) => set({ username: e.target.value })}
            />
          )}
        </Field>
        <Field label="密码" help={data?.password_set ? "已设置密码（加密保存，不会显示）；留空则不修改" : "未设置密码"}>
          {(id) => (
            <TextInput
              id={id}
              type="password"
              autoComplete="new-password"
              placeholder={data?.password_set ? "留空则不修改" : ""}
              value={v.password}
              onChange={(e) => set({ password: e.target.value })}
            />
          )}
        </Field>
        <Field label="发件地址" error={errors.from_address}>
          {(id) => (
            <TextInput
              id={id}
              placeholder="noreply@example.com"
              value={v.from_address}
              onChange={(e) => set({ from_address: e.target.value })}
            />
          )}
        </Field>
        <Field label="发件人名称">
          {(id) => (
            <TextInput
              id={id}
              maxLength={64}
              value={v.from_name}
              onChange={(e) => set({ from_name: e.target.value })}
            />
          )}
        </Field>
        <Field
          label="发送速率（封/分钟）"
          help="群发邮件按此速率依次发出；验证码等通知邮件立即发送"
          error={errors.rate_per_minute}
        >
          {(id) => (
            <NumberInput
              id={id}
              style={{ display: "block", width: 160 }}
              value={v.rate_per_minute}
              onChange={(rate_per_minute) => set({ rate_per_minute })}
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存设置
        </Button>
      </Form>
      <hr className={styles.divider} />
      <div className={styles.compact}>
        <TextInput
          placeholder="收件邮箱"
          value={testTo}
          onChange={(e) => setTestTo(e.target.value)}
          aria-label="测试收件邮箱"
        />
        <Button onClick={sendTest} loading={testing} disabled={!testTo.trim()}>
          发送测试邮件
        </Button>
      </div>
      {testResult && (
        <Alert
          type={testResult.ok ? "success" : "error"}
          showIcon
          title={testResult.text}
          style={{ marginTop: 12, maxWidth: 560 }}
        />
      )}
    </>
  );
}
