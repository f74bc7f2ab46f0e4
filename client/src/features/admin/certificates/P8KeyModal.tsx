import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Alert, Button, Form, Input, Upload } from "antd";
import { NameField } from "../common/formFields";
import { UploadOutlined } from "@ant-design/icons";
import { errorMessage } from "../../../shared/graphqlError";
import { FormModal } from "../common/FormModal";
import { CreateP8KeyMutation } from "./operations";

interface Values {
  name: string;
  issuerId: string;
  keyId: string;
}

/** 添加 API 密钥: name, issuer id, key id and the .p8, read here as text (P8KeysCard loads it when first opened). */
export function P8KeyModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [create, { loading: saving }] = useMutation(CreateP8KeyMutation);
  const [p8, setP8] = useState<{ name: string; text: string } | null>(null);
  const [formError, setFormError] = useState<string>();
  const submit = async (v: Values) => {
    setFormError(undefined);
    if (!p8) return setFormError("请选择 .p8 私钥文件");
    try {
      await create({
        variables: {
          input: { name: v.name.trim(), issuerId: v.issuerId.trim(), keyId: v.keyId.trim(), privateKey: p8.text },
        },
      });
      onClose();
      onSaved();
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };
  return (
    <FormModal<Values> title="添加 API 密钥" onFinish={submit} loading={saving} onClose={onClose}>
      <NameField />
      <Form.Item label="Issuer ID" name="issuerId" rules={[{ required: true, message: "请输入 Issuer ID" }]}>
        <Input placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" />
      </Form.Item>
      <Form.Item label="Key ID" name="keyId" rules={[{ required: true, message: "请输入 Key ID" }]}>
        <Input placeholder="10位大写字母或数字" />
      </Form.Item>
      <Form.Item label="私钥文件（.p8）" required>
        <Upload
          accept=".p8"
          maxCount={1}
          beforeUpload={(f) => {
            if (f.size > 8 * 1024) setFormError(".p8 文件过大");
            else void f.text().then((text) => setP8({ name: f.name, text }));
            return false;
          }}
          onRemove={() => setP8(null)}
          fileList={p8 ? [{ uid: "1", name: p8.name, status: "done" }] : []}
        >
          <Button icon={<UploadOutlined />}>选择 .p8 文件</Button>
        </Upload>
      </Form.Item>
      {formError && <Alert type="error" showIcon title={formError} />}
    </FormModal>
  );
}
