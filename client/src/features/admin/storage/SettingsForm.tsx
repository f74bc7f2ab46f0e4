import { useMutation } from "@apollo/client/react";
import { Button } from "antd";
import type { AdminStorageQuery as Overview } from "../../../gql/graphql";
import { Field, Form, RadioGroup, TextInput } from "../common/fields";
import { Switch } from "../common/Switch";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { SaveStorageSettingsMutation } from "./operations";

type Settings = Overview["adminStorage"];

interface Values {
  backend: string;
  downloads: string;
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  publicUrl: string;
}

type TextField = "endpoint" | "region" | "bucket" | "accessKeyId" | "secretAccessKey" | "publicUrl";

const BACKENDS = [
  { value: "local", label: "本地磁盘" },
  { value: "s3", label: "S3 对象存储" },
] as const;
const DOWNLOADS = [
  { value: "proxy", label: "经服务器转发" },
  { value: "redirect", label: "跳转到签名链接" },
] as const;

/**
 * 修改存储设置: saved only after the server has put, read back and deleted a probe object with them; in force at once on
 * every server and worker. The secret is write-only (blank keeps the saved one); settings the environment fixes are
 * shown locked, naming their variable. Plain form elements (fields.tsx): the form is the page's content.
 */
export function SettingsForm({ s, onSaved }: { s: Settings; onSaved: () => void }) {
  const [save, { loading }] = useMutation(SaveStorageSettingsMutation);
  const act = useAdminAction();
  const {
    values: v,
    set,
    errors,
    check,
  } = useFormState<Values>({
    backend: s.backend,
    downloads: s.downloads,
    endpoint: s.endpoint ?? "",
    region: s.region ?? "us-east-1",
    bucket: s.bucket ?? "",
    accessKeyId: s.accessKeyId ?? "",
    secretAccessKey: "",
    forcePathStyle: s.forcePathStyle,
    publicUrl: s.publicUrl ?? "",
  });
  // Each setting the environment fixes, with its variable (it wins over the page).
  const envVariable = (field: string) => s.envSettings.find((e) => e.field === field)?.variable;
  const locked = (field: string) => envVariable(field) !== undefined;
  const lockedHelp = (field: string) =>
    locked(field) ? `由环境变量 ${envVariable(field)} 设置（以环境变量为准）` : undefined;
  const required: [TextField, string, boolean][] = [
    ["bucket", "请填写 Bucket", !locked("bucket")],
    ["accessKeyId", "请填写 Access Key ID", !locked("accessKeyId")],
    ["secretAccessKey", "请填写 Secret Access Key", !s.secretSet && !locked("secretAccessKey")],
  ];
  const submit = () => {
    const missing = v.backend === "s3" ? required.filter(([key, , needed]) => needed && !v[key].trim()) : [];
    if (!check(Object.fromEntries(missing.map(([key, text]) => [key, text])))) return;
    void act(
      () =>
        save({
          variables: { input: { ...v, secretAccessKey: v.secretAccessKey || null } },
        }).then(() => {
          set({ secretAccessKey: "" });
          onSaved();
        }),
      "设置已保存，所有服务器与 worker 已切换",
      "保存失败",
    );
  };
  const text = (key: TextField, label: string, extra: { placeholder?: string; password?: boolean } = {}) => (
    <Field
      label={label}
      required={required.some(([k, , needed]) => k === key && needed)}
      error={errors[key]}
      help={lockedHelp(key)}
    >
      {(id) => (
        <TextInput
          id={id}
          type={extra.password ? "password" : "text"}
          value={v[key]}
          disabled={locked(key)}
          placeholder={extra.placeholder}
          autoComplete={extra.password ? "new-password" : "off"}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <Form onSubmit={submit}>
      <Field label="后端" help={lockedHelp("backend")}>
        {(id) => (
          <RadioGroup
            id={id}
            name="backend"
            value={v.backend}
            options={BACKENDS}
            disabled={locked("backend")}
            onChange={(backend) => set({ backend })}
          />
        )}
      </Field>
      {v.backend === "s3" && (
        <>
          {text("endpoint", "Endpoint", { placeholder: "https://oss-cn-hangzhou.aliyuncs.com（AWS 留空）" })}
          {text("region", "Region", { placeholder: "us-east-1" })}
          {text("bucket", "Bucket")}
          {text("accessKeyId", "Access Key ID")}
          {text("secretAccessKey", "Secret Access Key", {
            password: true,
            placeholder: s.secretSet ? "已设置（留空则不修改）" : "",
          })}
          <Field label="Path-style（MinIO 等）" help={lockedHelp("forcePathStyle")}>
            {() => (
              <div>
                <Switch
                  aria-label="Path-style（MinIO 等）"
                  checked={v.forcePathStyle}
                  disabled={locked("forcePathStyle")}
                  onChange={(forcePathStyle) => set({ forcePathStyle })}
                />
              </div>
            )}
          </Field>
          {text("publicUrl", "公开访问域名（CDN，可选）", { placeholder: "https://cdn.example.com" })}
          <Field label="下载方式" help={lockedHelp("downloads")}>
            {(id) => (
              <RadioGroup
                id={id}
                name="downloads"
                value={v.downloads}
                options={DOWNLOADS}
                disabled={locked("downloads")}
                onChange={(downloads) => set({ downloads })}
              />
            )}
          </Field>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={loading} block>
        测试并保存
      </Button>
    </Form>
  );
}
