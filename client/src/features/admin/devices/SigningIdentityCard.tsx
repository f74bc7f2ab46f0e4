import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Descriptions, Popconfirm, Space } from "antd";
import { Field, FilePick, Form, TextInput } from "../common/fields";
import { BusinessDateTime } from "../common/businessTime";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import {
  ClearUdidSigningIdentityMutation,
  SetUdidSigningIdentityMutation,
  UdidSigningIdentityQuery,
} from "./operations";
import { Panel } from "../common/Panel";

/** The server refuses larger files; checked here first so the admin hears it at once. */
const P12_MAX_BYTES = 32 * 1024;

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * 描述文件签名证书: the p12 UDID profiles are signed with (iOS then shows the profile as verified). Without one the
 * profile is served unsigned. The p12 and password are stored encrypted.
 */
export function SigningIdentityCard() {
  const act = useAdminAction();
  const { data, loading, error } = useQuery(UdidSigningIdentityQuery);
  const [setIdentity, { loading: saving }] = useMutation(SetUdidSigningIdentityMutation, {
    refetchQueries: [UdidSigningIdentityQuery],
  });
  const [clear] = useMutation(ClearUdidSigningIdentityMutation, { refetchQueries: [UdidSigningIdentityQuery] });
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const id = data?.udidSigningIdentity;

  async function save() {
    if (!file) return setFileError("请选择 p12 证书文件");
    if (file.size > P12_MAX_BYTES) return setFileError("p12 文件过大，最大 32 KB");
    const p12Base64 = await toBase64(file);
    const ok = await act(() => setIdentity({ variables: { p12Base64, password } }), "签名证书已保存");
    if (ok) {
      setFile(null);
      setPassword("");
    }
  }

  return (
    <Panel title="描述文件签名证书" loading={loading && !data} style={{ marginBottom: 16 }}>
      <LoadError error={error} />
      {id?.configured ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="证书">{id.commonName}</Descriptions.Item>
          <Descriptions.Item label="有效期至">
            <BusinessDateTime value={id.notAfter} />
          </Descriptions.Item>
          <Descriptions.Item label="更新时间">
            <BusinessDateTime value={id.updatedAt} />
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="未配置签名证书：获取 UDID 的描述文件将以未签名方式提供（iOS 显示“未签名”）。"
        />
      )}
      <Form style={{ maxWidth: 420 }} onSubmit={save}>
        <Field label="p12 证书" error={fileError} help="包含私钥的 .p12 文件，例如网站 SSL 证书导出的 p12">
          {(fieldId) => (
            <FilePick
              id={fieldId}
              accept=".p12,.pfx,application/x-pkcs12"
              file={file}
              onChange={(f) => {
                setFile(f);
                setFileError(null);
              }}
            />
          )}
        </Field>
        <Field label="证书密码">
          {(fieldId) => (
            <TextInput
              id={fieldId}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              maxLength={200}
            />
          )}
        </Field>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {id?.configured ? "更换证书" : "保存证书"}
          </Button>
          {id?.configured && (
            <Popconfirm
              title="删除后描述文件将不再签名"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => act(() => clear(), "签名证书已删除")}
            >
              <Button danger>删除证书</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </Panel>
  );
}
