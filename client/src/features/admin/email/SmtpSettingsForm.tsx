import { useEffect, useState } from "react";
import { Alert, Button, Checkbox, Divider, Form, Input, InputNumber, Select, Space, Spin } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useRestData } from "../common/useRestData";
import { TLS_OPTIONS, type EmailConfig } from "./api";

const SOURCE_TEXT: Record<EmailConfig["source"], string> = {
  database: "邮件通过下方设置的SMTP服务器发送。",
  env: "下方未设置SMTP服务器，邮件通过服务器环境变量 SMTP_URL 发送。",
  none: "尚未配置SMTP服务器：邮件不会发出，只记录在日志中。填写下方设置并保存即可开始发送。",
};

/** SMTP设置: server, port, encryption, login (the password is never shown back), sender, rate; and 发送测试邮件. */
export function SmtpSettingsForm() {
  const { data, error, loading, reload } = useRestData<EmailConfig>("/api/admin/email/config");
  const [form] = Form.useForm();
  const act = useAdminAction();
  const [saving, setSaving] = useState(false);
  const [testTo, setTestTo] = useState("");
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, password: "" });
  }, [data, form]);
  if (loading && !data) return <Spin style={{ display: "block", margin: 40 }} />;

  async function save(values: Record<string, unknown>) {
    setSaving(true);
    // An empty password field keeps the stored one.
    const body = { ...values, password: values.password ? values.password : undefined };
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
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 560 }}>
        <Form.Item label="SMTP服务器" name="host" extra="例如 smtp.qq.com；留空则不使用此处设置">
          <Input placeholder="smtp.example.com" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="allow_private"
          valuePropName="checked"
          extra="SMTP服务器在本机或内网时勾选；云服务器的元数据地址（169.254.x.x）始终拒绝"
        >
          <Checkbox>允许内网地址</Checkbox>
        </Form.Item>
        <Space wrap>
          <Form.Item label="端口" name="port" rules={[{ required: true, message: "请输入端口" }]}>
            <InputNumber min={1} max={65535} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="加密方式" name="tls_mode">
            <Select options={TLS_OPTIONS} style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Form.Item label="用户名" name="username">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="密码"
          name="password"
          extra={data?.password_set ? "已设置密码（加密保存，不会显示）；留空则不修改" : "未设置密码"}
        >
          <Input.Password autoComplete="new-password" placeholder={data?.password_set ? "留空则不修改" : ""} />
        </Form.Item>
        <Form.Item label="发件地址" name="from_address" rules={[{ type: "email", message: "请输入有效的邮箱" }]}>
          <Input placeholder="noreply@example.com" />
        </Form.Item>
        <Form.Item label="发件人名称" name="from_name">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label="发送速率（封/分钟）"
          name="rate_per_minute"
          extra="群发邮件按此速率依次发出；验证码等通知邮件立即发送"
        >
          <InputNumber min={1} max={6000} style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存设置
        </Button>
      </Form>
      <Divider />
      <Space.Compact style={{ width: "100%", maxWidth: 560 }}>
        <Input
          placeholder="收件邮箱"
          value={testTo}
          onChange={(e) => setTestTo(e.target.value)}
          aria-label="测试收件邮箱"
        />
        <Button onClick={sendTest} loading={testing} disabled={!testTo.trim()}>
          发送测试邮件
        </Button>
      </Space.Compact>
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
