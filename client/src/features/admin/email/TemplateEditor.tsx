import { useEffect, useState } from "react";
import { Alert, Col, Form, Input, Modal, Row, Tabs } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import { useAdminAction } from "../common/useAdminAction";
import { AUTO_VARIABLES, type EmailTemplate, type Preview } from "./api";
import { Text, Paragraph, Title } from "../common/Text";

interface Values {
  key: string;
  name: string;
  subject: string;
  html: string;
  text: string;
}

/** Sample values for the preview: the automatic ones, and the variable's own name for the rest. */
const sample = (names: string[], given: Record<string, string>) =>
  Object.fromEntries(
    names.map((n) => [
      n,
      given[n] ??
        ({ site_name: "果仁应用", username: "示例用户", email: "user@example.com" } as Record<string, string>)[n] ??
        `{${n}}`,
    ]),
  );

/**
 * 新建 / 编辑 a template: subject, HTML body and plain-text alternative with {{variable}} placeholders, and a live
 * preview the server renders (the same renderer that sends), as the admin types.
 */
export function TemplateEditor({
  template,
  onClose,
}: {
  template: EmailTemplate | "new";
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const act = useAdminAction();
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<Values>(
    template === "new" ? { key: "", name: "", subject: "", html: "", text: "" } : template,
  );
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);

  useEffect(() => {
    if (!draft.subject.trim() || !draft.html.trim()) return setPreview(null);
    let live = true;
    const refresh = async () => {
      try {
        const first = await api.post<Preview>("/api/admin/email/templates/preview", {
          subject: draft.subject,
          html: draft.html,
          text: draft.text,
        });
        const r = await api.post<Preview>("/api/admin/email/templates/preview", {
          subject: draft.subject,
          html: draft.html,
          text: draft.text,
          variables: sample(first.data.variables, samples),
        });
        if (live) {
          setPreview(r.data);
          setPreviewError(null);
        }
      } catch (e) {
        if (live) setPreviewError(errorMessage(e));
      }
    };
    const timer = setTimeout(() => void refresh(), 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [draft.subject, draft.html, draft.text, samples]);

  async function save(values: Values) {
    setSaving(true);
    const ok = await act(
      () =>
        template === "new"
          ? api.post("/api/admin/email/templates", values)
          : api.put(`/api/admin/email/templates/${template.id}`, values),
      template === "new" ? "模板已创建" : "模板已保存",
    );
    setSaving(false);
    if (ok) onClose(true);
  }

  const own = (preview?.variables ?? []).filter((v) => !AUTO_VARIABLES.includes(v));
  return (
    <Modal
      open
      width={960}
      title={template === "new" ? "新建模板" : `编辑模板：${template.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form
            form={form}
            layout="vertical"
            initialValues={draft}
            onFinish={save}
            onValuesChange={(_, all) => setDraft(all as Values)}
          >
            {template === "new" && (
              <Form.Item
                label="模板标识"
                name="key"
                extra="小写字母、数字或连字符，如 promo-2026"
                rules={[
                  {
                    required: true,
                    pattern: /^[a-z][a-z0-9-]{1,63}$/,
                    message: "2-64位小写字母、数字或连字符，以字母开头",
                  },
                ]}
              >
                <Input />
              </Form.Item>
            )}
            <Form.Item label="模板名称" name="name" rules={[{ required: true, message: "请输入模板名称" }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item label="邮件主题" name="subject" rules={[{ required: true, message: "请输入邮件主题" }]}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              label="HTML正文"
              name="html"
              rules={[{ required: true, message: "请输入HTML正文" }]}
              extra="用 {{变量名}} 插入变量；{{site_name}}、{{username}}、{{email}} 自动填写"
            >
              <Input.TextArea autoSize={{ minRows: 5, maxRows: 12 }} style={{ fontFamily: "monospace" }} />
            </Form.Item>
            <Form.Item label="纯文本正文" name="text" extra="不支持HTML的邮箱显示这一份；留空则由HTML自动生成">
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} md={12}>
          <Title level={5}>实时预览</Title>
          {own.length > 0 && (
            <Form layout="inline" style={{ marginBottom: 8, rowGap: 8 }}>
              {own.map((v) => (
                <Form.Item key={v} label={v}>
                  <Input
                    size="small"
                    value={samples[v] ?? ""}
                    placeholder="示例值"
                    onChange={(e) => setSamples((s) => ({ ...s, [v]: e.target.value }))}
                    style={{ width: 120 }}
                  />
                </Form.Item>
              ))}
            </Form>
          )}
          {previewError && <Alert type="error" showIcon title={previewError} />}
          {!preview && !previewError && <Text type="secondary">填写主题和HTML正文后，这里显示邮件效果。</Text>}
          {preview && (
            <>
              <Paragraph strong>主题：{preview.subject}</Paragraph>
              <Tabs
                size="small"
                items={[
                  // Sandboxed: the template's HTML can run nothing and reach nothing of the admin page.
                  {
                    key: "html",
                    label: "HTML",
                    children: (
                      <iframe
                        title="HTML预览"
                        sandbox=""
                        srcDoc={preview.html}
                        style={{
                          width: "100%",
                          height: 260,
                          border: "1px solid #f0f0f0",
                          borderRadius: 6,
                          background: "#fff",
                        }}
                      />
                    ),
                  },
                  {
                    key: "text",
                    label: "纯文本",
                    children: (
                      <pre style={{ whiteSpace: "pre-wrap", margin: 0, maxHeight: 260, overflow: "auto" }}>
                        {preview.text}
                      </pre>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Col>
      </Row>
    </Modal>
  );
}
