import { useState } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Space } from "antd";
import type { AdminSoftwareSourceQuery as DetailResult } from "../../../gql/graphql";
import { api } from "../../../shared/request";
import { errorMessage } from "../../../shared/graphqlError";
import ui from "../../../shared/ui/ui.module.css";
import {
  AdminCreateSoftwareSourceMutation,
  AdminSoftwareSourceQuery,
  AdminUpdateSoftwareSourceMutation,
} from "./operations";
import { Field, Form, NumberInput, RadioGroup, TextArea, TextInput } from "../common/fields";
import { useFormState } from "../common/useFormState";
import fields from "../common/fields.module.css";
import { Panel } from "../common/Panel";
import { Switch } from "../common/Switch";
import { useFeedback } from "../shell/feedback";

type Source = NonNullable<DetailResult["adminSoftwareSource"]>;

interface Values {
  name: string;
  mode: "url" | "content";
  url: string;
  content: string;
  iconUrl: string;
  description: string;
  enabled: boolean;
  sortOrder: number | null;
  refreshMinutes: number | null;
  allowPrivate: boolean;
}

const MODES = [
  { value: "url", label: "软件源地址" },
  { value: "content", label: "上传 JSON" },
] as const;

/** Larger than GraphQL's request limit: uploaded documents go through the REST path that takes them. */
const UPLOAD_MAX = 8 * 1024 * 1024;

/** A whole number from `min` to `max`, else the server's wording. */
const intProblem = (n: number | null, label: string, min: number, max: number) =>
  n === null || !Number.isInteger(n) || n < min || n > max ? `${label}须为 ${min} 到 ${max} 之间的整数` : undefined;

/** What is wrong with the form, by field. `contentRequired`: a new source, or one fetched from an address so far. */
function problems(v: Values, contentRequired: boolean): Partial<Record<keyof Values, string>> {
  const found: Partial<Record<keyof Values, string>> = {};
  if (!v.name.trim()) found.name = "请填写名称";
  if (v.mode === "url") {
    if (!v.url) found.url = "请填写地址";
    else if (!/^https?:\/\/\S+$/i.test(v.url)) found.url = "只支持 http 和 https 地址";
  } else if (contentRequired && !v.content.trim()) found.content = "请粘贴或选择软件源的 JSON";
  found.sortOrder = intProblem(v.sortOrder, "排序", 0, 1_000_000);
  found.refreshMinutes = intProblem(v.refreshMinutes, "刷新间隔（分钟）", 5, 10080);
  return found;
}

/** 添加 / 编辑软件源: by address (fetched by a job) or by a JSON document (pasted or chosen as a file, parsed at once). */
export function SourceForm({ id }: { id?: string }) {
  const existing = useQuery(AdminSoftwareSourceQuery, {
    variables: { id: id ?? "" },
    skip: !id,
    fetchPolicy: "network-only",
  });
  const s = existing.data?.adminSoftwareSource;
  if (id && !s)
    return existing.error ? (
      <Panel>
        <Alert type="error" title={errorMessage(existing.error)} />
      </Panel>
    ) : (
      <Panel loading />
    );
  return <EditForm id={id} s={s ?? undefined} />;
}

/** The form itself, in plain elements (fields.tsx): it is the page's content. */
function EditForm({ id, s }: { id?: string; s?: Source }) {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);
  const [create] = useMutation(AdminCreateSoftwareSourceMutation);
  const [update] = useMutation(AdminUpdateSoftwareSourceMutation);
  const {
    values: v,
    set,
    errors,
    check,
  } = useFormState<Values>(() => ({
    name: s?.name ?? "",
    mode: s && !s.url ? "content" : "url",
    url: s?.url ?? "",
    content: "",
    iconUrl: s?.customIconUrl ?? "",
    description: s?.customDescription ?? "",
    enabled: s?.enabled ?? true,
    sortOrder: s?.sortOrder ?? 0,
    refreshMinutes: s?.refreshMinutes ?? 360,
    allowPrivate: s?.allowPrivate ?? false,
  }));

  const submit = async () => {
    if (!check(problems(v, !id || !!s?.url))) return;
    setError("");
    setSaving(true);
    const common = {
      name: v.name,
      iconUrl: v.iconUrl,
      description: v.description,
      enabled: v.enabled,
      sortOrder: v.sortOrder!,
      refreshMinutes: v.refreshMinutes!,
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

  return (
    <Panel title={id ? `编辑软件源：${s?.name ?? ""}` : "添加软件源"}>
      <Form style={{ maxWidth: 640 }} onSubmit={submit}>
        <Field label="名称" required error={errors.name}>
          {(fid) => (
            <TextInput
              id={fid}
              maxLength={100}
              placeholder="显示给用户的名称"
              value={v.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field label="来源">
          {(fid) => (
            <RadioGroup id={fid} name="mode" value={v.mode} options={MODES} onChange={(mode) => set({ mode })} />
          )}
        </Field>
        {v.mode !== "content" ? (
          <Field
            label="地址"
            required
            error={errors.url}
            help="支持 AltStore、ESign、Scarlet 格式；保存后在后台获取，之后按刷新间隔自动更新。"
          >
            {(fid) => (
              <TextInput
                id={fid}
                placeholder="https://example.com/apps.json"
                value={v.url}
                onChange={(e) => set({ url: e.target.value })}
              />
            )}
          </Field>
        ) : (
          <Field
            label="软件源 JSON"
            required={!id || !!s?.url}
            error={errors.content}
            help={
              id && !s?.url
                ? "留空则保留当前内容。"
                : "粘贴内容，或选择一个 .json 文件（最大 8 MB）。上传的软件源不会自动刷新。"
            }
          >
            {(fid) => (
              <TextArea
                id={fid}
                rows={8}
                placeholder='{"name": "…", "apps": [ … ]}'
                style={{ fontFamily: "monospace" }}
                value={v.content}
                onChange={(e) => set({ content: e.target.value })}
              />
            )}
          </Field>
        )}
        {v.mode === "content" && (
          <div className={fields.field}>
            <label className={fields.pick}>
              选择 JSON 文件
              <input
                type="file"
                accept=".json,application/json"
                className={ui.visuallyHidden}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (!file) return;
                  if (file.size > UPLOAD_MAX) setError("文件超过 8 MB");
                  else void file.text().then((content) => set({ content }));
                }}
              />
            </label>
          </div>
        )}
        {v.mode !== "content" && (
          <Field
            label="允许内网地址"
            help="打开后，这个软件源的地址可以是本机或局域网地址（如 http://192.168.1.10/apps.json）；云服务器元数据等链路本地地址始终禁止。只对可信的地址打开。"
          >
            {() => (
              <div>
                <Switch
                  aria-label="允许内网地址"
                  checked={v.allowPrivate}
                  onChange={(allowPrivate) => set({ allowPrivate })}
                />
              </div>
            )}
          </Field>
        )}
        <Field label="图标地址" help="留空则使用软件源自带的图标。">
          {(fid) => (
            <TextInput
              id={fid}
              placeholder="https://…/icon.png"
              value={v.iconUrl}
              onChange={(e) => set({ iconUrl: e.target.value })}
            />
          )}
        </Field>
        <Field label="简介" help="留空则使用软件源自带的介绍。">
          {(fid) => (
            <TextArea
              id={fid}
              rows={3}
              maxLength={2000}
              value={v.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
        <div style={{ display: "flex", flexWrap: "wrap", columnGap: 24 }}>
          <Field label="启用">
            {() => (
              <div>
                <Switch aria-label="启用" checked={v.enabled} onChange={(enabled) => set({ enabled })} />
              </div>
            )}
          </Field>
          <Field label="排序（小的在前）" error={errors.sortOrder}>
            {(fid) => (
              <div>
                <NumberInput
                  id={fid}
                  style={{ width: 140 }}
                  value={v.sortOrder}
                  onChange={(sortOrder) => set({ sortOrder })}
                />
              </div>
            )}
          </Field>
          <Field label="刷新间隔（分钟）" error={errors.refreshMinutes}>
            {(fid) => (
              <div>
                <NumberInput
                  id={fid}
                  style={{ width: 140 }}
                  value={v.refreshMinutes}
                  onChange={(refreshMinutes) => set({ refreshMinutes })}
                />
              </div>
            )}
          </Field>
        </div>
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
