import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Form, Input, InputNumber, Radio, Skeleton, Space, Switch, Upload } from "antd";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import {
  AdminCreateSoftwareSourceMutation,
  AdminSoftwareSourceQuery,
  AdminUpdateSoftwareSourceMutation,
} from "./operations";
import { Panel } from "../common/Panel";
import { useFeedback } from "../shell/feedback";

interface Values {
  name: string;
  mode: "url" | "content";
  url?: string;
  content?: string;
  iconUrl?: string;
  description?: string;
  enabled: boolean;
  sortOrder: number;
  refreshMinutes: number;
  allowPrivate: boolean;
}

/** Larger than GraphQL's request limit: uploaded documents go through the REST path that takes them. */
const UPLOAD_MAX = 8 * 1024 * 1024;

/** 添加 / 编辑软件源: by address (fetched by a job) or by a JSON document (pasted or chosen as a file, parsed at once). */
export function SourceForm({ id }: { id?: string }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  const existing = useQuery(AdminSoftwareSourceQuery, {
    variables: { id: id ?? "" },
    skip: !id,
    fetchPolicy: "network-only",
  });
  const [create] = useMutation(AdminCreateSoftwareSourceMutation);
  const [update] = useMutation(AdminUpdateSoftwareSourceMutation);
  const mode = Form.useWatch("mode", form);
  const s = existing.data?.adminSoftwareSource;
  useEffect(() => {
    if (s)
      form.setFieldsValue({
        name: s.name,
        mode: s.url ? "url" : "content",
        url: s.url ?? "",
        iconUrl: s.customIconUrl,
        description: s.customDescription,
        enabled: s.enabled,
        sortOrder: s.sortOrder,
        refreshMinutes: s.refreshMinutes,
        allowPrivate: s.allowPrivate,
      });
  }, [s, form]);

  const submit = async (v: Values) => {
    setError("");
    setSaving(true);
    const common = {
      name: v.name,
      iconUrl: v.iconUrl ?? "",
      description: v.description ?? "",
      enabled: v.enabled,
      sortOrder: v.sortOrder,
      refreshMinutes: v.refreshMinutes,
      allowPrivate: v.allowPrivate,
    };
    try {
      let savedId: string;
      if (v.mode === "content" && v.content) {
        // REST: the document may be larger than a GraphQL request may be.
        const body = {
          name: common.name,
          content: v.content,
          icon_url: common.iconUrl,
          description: common.description,
          enabled: common.enabled,
          sort_order: common.sortOrder,
          refresh_minutes: common.refreshMinutes,
          allow_private: common.allowPrivate,
        };
        const r = id
          ? await api.put<{ id: number }>(`/api/admin/software-sources/${id}`, body)
          : await api.post<{ id: number }>("/api/admin/software-sources", body);
        savedId = String(r.data.id);
      } else if (id) {
        const input = v.mode === "url" && v.url !== (s?.url ?? "") ? { ...common, url: v.url } : common;
        savedId = (await update({ variables: { id, input } })).data!.adminUpdateSoftwareSource.id;
      } else {
        savedId = (await create({ variables: { input: { ...common, url: v.url } } })).data!.adminCreateSoftwareSource
          .id;
      }
      message.success(id ? "已保存" : "已添加");
      void navigate(`/admin/software-sources/${savedId}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  if (id && !s)
    return (
      <Panel>
        {existing.error ? <Alert type="error" title={errorMessage(existing.error)} /> : <Skeleton active />}
      </Panel>
    );
  return (
    <Panel title={id ? `编辑软件源：${s?.name ?? ""}` : "添加软件源"}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ mode: "url", enabled: true, sortOrder: 0, refreshMinutes: 360, allowPrivate: false }}
        onFinish={submit}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: "请填写名称" }, { max: 100 }]}>
          <Input placeholder="显示给用户的名称" />
        </Form.Item>
        <Form.Item name="mode" label="来源">
          <Radio.Group>
            <Radio.Button value="url">软件源地址</Radio.Button>
            <Radio.Button value="content">上传 JSON</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {mode !== "content" ? (
          <Form.Item
            name="url"
            label="地址"
            rules={[
              { required: true, message: "请填写地址" },
              { pattern: /^https?:\/\/\S+$/i, message: "只支持 http 和 https 地址" },
            ]}
            extra="支持 AltStore、ESign、Scarlet 格式；保存后在后台获取，之后按刷新间隔自动更新。"
          >
            <Input placeholder="https://example.com/apps.json" />
          </Form.Item>
        ) : (
          <Form.Item
            name="content"
            label="软件源 JSON"
            rules={[{ required: !id || !!s?.url, message: "请粘贴或选择软件源的 JSON" }]}
            extra={
              id && !s?.url
                ? "留空则保留当前内容。"
                : "粘贴内容，或选择一个 .json 文件（最大 8 MB）。上传的软件源不会自动刷新。"
            }
          >
            <Input.TextArea rows={8} placeholder='{"name": "…", "apps": [ … ]}' style={{ fontFamily: "monospace" }} />
          </Form.Item>
        )}
        {mode === "content" && (
          <Form.Item>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > UPLOAD_MAX) setError("文件超过 8 MB");
                else void file.text().then((t) => form.setFieldValue("content", t));
                return false;
              }}
            >
              <Button>选择 JSON 文件</Button>
            </Upload>
          </Form.Item>
        )}
        {mode !== "content" && (
          <Form.Item
            name="allowPrivate"
            label="允许内网地址"
            valuePropName="checked"
            extra="打开后，这个软件源的地址可以是本机或局域网地址（如 http://192.168.1.10/apps.json）；云服务器元数据等链路本地地址始终禁止。只对可信的地址打开。"
          >
            <Switch aria-label="允许内网地址" />
          </Form.Item>
        )}
        <Form.Item name="iconUrl" label="图标地址" extra="留空则使用软件源自带的图标。">
          <Input placeholder="https://…/icon.png" />
        </Form.Item>
        <Form.Item name="description" label="简介" extra="留空则使用软件源自带的介绍。">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sortOrder" label="排序（小的在前）">
            <InputNumber min={0} max={1000000} />
          </Form.Item>
          <Form.Item name="refreshMinutes" label="刷新间隔（分钟）">
            <InputNumber min={5} max={10080} />
          </Form.Item>
        </Space>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button onClick={() => navigate(id ? `/admin/software-sources/${id}` : "/admin/software-sources")}>
            取消
          </Button>
        </Space>
      </Form>
    </Panel>
  );
}
