import { useMutation } from "@apollo/client/react";
import { Form, InputNumber, Select } from "antd";
import { NameField } from "../common/formFields";
import { FormModal } from "../common/FormModal";
import { useAdminAction } from "../common/useAdminAction";
import { CreateAscAccountMutation } from "./operations";

type V = { name: string; p8KeyId: string; certificateId: string; deviceLimit: number };

/** 添加开发者账号: a name, a .p8 API key and the platform certificate of its team (AccountsCard loads it when opened). */
export function AccountModal({
  p8Keys,
  certificates,
  onClose,
  onSaved,
}: {
  p8Keys: readonly { id: string; name: string; keyId: string }[];
  certificates: readonly { id: string; name: string; teamId: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [create, creating] = useMutation(CreateAscAccountMutation);
  const act = useAdminAction();

  async function save(v: V) {
    const ok = await act(
      () =>
        create({
          variables: {
            input: {
              name: v.name.trim(),
              p8KeyId: v.p8KeyId,
              certificateId: v.certificateId,
              deviceLimit: v.deviceLimit,
            },
          },
        }),
      "账号已添加",
    );
    if (ok) onSaved();
  }

  return (
    <FormModal<V>
      title="添加开发者账号"
      initialValues={{ name: "", p8KeyId: "", certificateId: "", deviceLimit: 100 }}
      onFinish={save}
      loading={creating.loading}
      onClose={onClose}
    >
      <NameField label="账号名称" />
      <Form.Item label="API 密钥（P8证书）" name="p8KeyId" rules={[{ required: true, message: "请选择 API 密钥" }]}>
        <Select
          options={p8Keys.map((k) => ({ value: k.id, label: `${k.name}（${k.keyId}）` }))}
          placeholder="先在「P8证书」中添加"
        />
      </Form.Item>
      <Form.Item
        label="平台证书（同一团队的 p12）"
        name="certificateId"
        rules={[{ required: true, message: "请选择平台证书" }]}
      >
        <Select
          options={certificates.map((c) => ({ value: c.id, label: `${c.name}（${c.teamId}）` }))}
          placeholder="先在「平台证书」中上传"
        />
      </Form.Item>
      <Form.Item label="设备上限" name="deviceLimit">
        <InputNumber min={1} max={1000} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
