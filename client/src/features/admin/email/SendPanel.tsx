import { useEffect, useState } from "react";
import { Alert, Button, DatePicker, Form, Input, Modal, Radio, Select } from "antd";
import { api } from "../../../shared/request";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { useRestData } from "../common/useRestData";
import { AUTO_VARIABLES, type EmailTemplate, type Preview } from "./api";

interface Values {
  template_id?: number;
  to: "user" | "filter" | "all";
  username?: string;
  search?: string;
  role?: string;
  registered?: [{ toISOString(): string }, { toISOString(): string }] | null;
  variables?: Record<string, string>;
}

/**
 * 发送邮件: a template to one user (by username), to the users a filter finds, or to everyone with an email address,
 * through the queue at the configured rate. The template's own variables are asked for here.
 */
export function SendPanel({ onSent }: { onSent: () => void }) {
  const { data: templates, error } = useRestData<EmailTemplate[]>("/api/admin/email/templates");
  const [form] = Form.useForm<Values>();
  const act = useAdminAction();
  const to = Form.useWatch("to", form) ?? "user";
  const templateId = Form.useWatch("template_id", form);
  const [variables, setVariables] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  useEffect(() => {
    const t = templates?.find((x) => x.id === templateId);
    if (!t) return setVariables([]);
    api
      .post<Preview>("/api/admin/email/templates/preview", { subject: t.subject, html: t.html, text: t.text })
      .then((r) => setVariables(r.data.variables.filter((v) => !AUTO_VARIABLES.includes(v))))
      .catch(() => setVariables([]));
  }, [templateId, templates]);

  async function send(v: Values) {
    const body = {
      template_id: v.template_id,
      to: v.to,
      username: v.to === "user" ? v.username : undefined,
      filter:
        v.to === "filter"
          ? {
              search: v.search,
              role: v.role,
              registered_after: v.registered?.[0]?.toISOString(),
              registered_before: v.registered?.[1]?.toISOString(),
            }
          : undefined,
      variables: v.variables ?? {},
    };
    const go = async () => {
      setSending(true);
      setResult(null);
      await act(async () => {
        const r = await api.post<{ queued: number }>("/api/admin/email/send", body);
        setResult(`已加入发送队列：${r.data.queued} 封，可在「发送记录」中查看进度。`);
        onSent();
      });
      setSending(false);
    };
    if (v.to === "all")
      Modal.confirm({
        title: "发送给全部用户？",
        content: "所有填写了邮箱且未被禁用的用户都会收到这封邮件。",
        okText: "发送",
        cancelText: "取消",
        onOk: go,
      });
    else await go();
  }

  return (
    <>
      <LoadError error={error} />
      <Form form={form} layout="vertical" initialValues={{ to: "user" }} onFinish={send} style={{ maxWidth: 560 }}>
        <Form.Item label="邮件模板" name="template_id" rules={[{ required: true, message: "请选择模板" }]}>
          <Select
            placeholder="选择模板"
            options={(templates ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.key}）` }))}
          />
        </Form.Item>
        <Form.Item label="收件人" name="to">
          <Radio.Group
            optionType="button"
            options={[
              { value: "user", label: "单个用户" },
              { value: "filter", label: "按条件筛选" },
              { value: "all", label: "全部用户" },
            ]}
          />
        </Form.Item>
        {to === "user" && (
          <Form.Item label="用户名" name="username" rules={[{ required: true, message: "请输入用户名" }]}>
            <Input autoComplete="off" />
          </Form.Item>
        )}
        {to === "filter" && (
          <>
            <Form.Item label="用户名或邮箱包含" name="search">
              <Input />
            </Form.Item>
            <Form.Item label="角色" name="role">
              <Select
                allowClear
                options={[
                  { value: "user", label: "普通用户" },
                  { value: "admin", label: "管理员" },
                ]}
              />
            </Form.Item>
            <Form.Item label="注册时间" name="registered">
              <DatePicker.RangePicker style={{ width: "100%" }} />
            </Form.Item>
          </>
        )}
        {variables.map((v) => (
          <Form.Item key={v} label={`变量 ${v}`} name={["variables", v]}>
            <Input />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={sending}>
          发送
        </Button>
      </Form>
      {result && <Alert type="success" showIcon title={result} style={{ marginTop: 12, maxWidth: 560 }} />}
    </>
  );
}
