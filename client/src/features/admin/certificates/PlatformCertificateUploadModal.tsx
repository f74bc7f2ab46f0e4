import { useState } from "react";
import { Alert, Form, Input } from "antd";
import { FilePickItem } from "../common/FilePickItem";
import { FormModal } from "../common/FormModal";
import { errorMessage } from "../../../shared/graphqlError";
import { uploadCertificate } from "../../certificates/api";

interface Values {
  name?: string;
  password?: string;
}

/** 上传平台证书: a .p12, its password and the .mobileprovision, checked by the server like a user's upload. */
export function PlatformCertificateUploadModal({
  onClose,
  onUploaded,
}: {
  onClose: () => void;
  onUploaded: () => void;
}) {
  const [p12, setP12] = useState<File | null>(null);
  const [profile, setProfile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setError(undefined);
    if (!p12 || !profile) return setError("请选择 .p12 证书文件和 .mobileprovision 描述文件");
    setBusy(true);
    try {
      await uploadCertificate("/api/admin/platform-certificates/upload", {
        p12,
        mobileprovision: profile,
        password: v.password ?? "",
        name: v.name?.trim() || undefined,
      });
      onClose();
      onUploaded();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal<Values> title="上传平台证书" okText="上传" onFinish={submit} loading={busy} onClose={onClose}>
      <FilePickItem label="证书文件" accept=".p12" file={p12} onChange={setP12} />
      <Form.Item label="证书密码" name="password">
        <Input.Password autoComplete="off" />
      </Form.Item>
      <FilePickItem label="描述文件" accept=".mobileprovision" file={profile} onChange={setProfile} />
      <Form.Item label="名称" name="name" rules={[{ max: 50, message: "最多50个字符" }]}>
        <Input placeholder="默认使用证书名称" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} />}
    </FormModal>
  );
}
