import { useMutation } from "@apollo/client/react";
import { Button, Form, Input, Radio, Switch } from "antd";
import type { AdminStorageQuery as Overview } from "../../../gql/graphql";
import { useAdminAction } from "../common/useAdminAction";
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

/**
 * 修改存储设置: saved only after the server has put, read back and deleted a probe object with them; in force at once on
 * every server and worker. The secret is write-only (blank keeps the saved one); settings the environment fixes are
 * shown locked, naming their variable.
 */
export function SettingsForm({ s, onSaved }: { s: Settings; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [save, { loading }] = useMutation(SaveStorageSettingsMutation);
  const act = useAdminAction();
  const backend = Form.useWatch("backend", form) ?? s.backend;
  // Each setting the environment fixes, with its variable (it wins over the page).
  const envVariable = (field: string) => s.envSettings.find((e) => e.field === field)?.variable;
  const locked = (field: string) => envVariable(field) !== undefined;
  const item = (field: string) => ({
    name: field,
    extra: locked(field) ? `由环境变量 ${envVariable(field)} 设置（以环境变量为准）` : undefined,
  });
  const submit = (v: Values) =>
    void act(
      () =>
        save({
          variables: {
            input: { ...v, forcePathStyle: !!v.forcePathStyle, secretAccessKey: v.secretAccessKey || null },
          },
        }).then(() => {
          form.setFieldValue("secretAccessKey", "");
          onSaved();
        }),
      "设置已保存，所有服务器与 worker 已切换",
      "保存失败",
    );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{
        backend: s.backend,
        downloads: s.downloads,
        endpoint: s.endpoint ?? "",
        region: s.region ?? "us-east-1",
        bucket: s.bucket ?? "",
        accessKeyId: s.accessKeyId ?? "",
        secretAccessKey: "",
        forcePathStyle: s.forcePathStyle,
        publicUrl: s.publicUrl ?? "",
      }}
    >
      <Form.Item label="后端" {...item("backend")}>
        <Radio.Group disabled={locked("backend")}>
          <Radio value="local">本地磁盘</Radio>
          <Radio value="s3">S3 对象存储</Radio>
        </Radio.Group>
      </Form.Item>
      {backend === "s3" && (
        <>
          <Form.Item label="Endpoint" {...item("endpoint")}>
            <Input disabled={locked("endpoint")} placeholder="https://oss-cn-hangzhou.aliyuncs.com（AWS 留空）" />
          </Form.Item>
          <Form.Item label="Region" {...item("region")}>
            <Input disabled={locked("region")} placeholder="us-east-1" />
          </Form.Item>
          <Form.Item
            label="Bucket"
            {...item("bucket")}
            rules={[{ required: !locked("bucket"), message: "请填写 Bucket" }]}
          >
            <Input disabled={locked("bucket")} />
          </Form.Item>
          <Form.Item
            label="Access Key ID"
            {...item("accessKeyId")}
            rules={[{ required: !locked("accessKeyId"), message: "请填写 Access Key ID" }]}
          >
            <Input disabled={locked("accessKeyId")} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Secret Access Key"
            {...item("secretAccessKey")}
            rules={[{ required: !s.secretSet && !locked("secretAccessKey"), message: "请填写 Secret Access Key" }]}
          >
            <Input.Password
              disabled={locked("secretAccessKey")}
              autoComplete="new-password"
              placeholder={s.secretSet ? "已设置（留空则不修改）" : ""}
            />
          </Form.Item>
          <Form.Item label="Path-style（MinIO 等）" valuePropName="checked" {...item("forcePathStyle")}>
            <Switch disabled={locked("forcePathStyle")} />
          </Form.Item>
          <Form.Item label="公开访问域名（CDN，可选）" {...item("publicUrl")}>
            <Input disabled={locked("publicUrl")} placeholder="https://cdn.example.com" />
          </Form.Item>
          <Form.Item label="下载方式" {...item("downloads")}>
            <Radio.Group disabled={locked("downloads")}>
              <Radio value="proxy">经服务器转发</Radio>
              <Radio value="redirect">跳转到签名链接</Radio>
            </Radio.Group>
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={loading} block>
        测试并保存
      </Button>
    </Form>
  );
}
