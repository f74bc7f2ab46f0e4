import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Alert, Checkbox, Modal, Space } from "antd";
import { errorMessage } from "../../../shared/graphqlError";
import { AdminSetUserPermissionsMutation } from "./operations";
import { useFeedback } from "../shell/feedback";

/**
 * 授权: the staff permissions of one account, one checkbox per back office page group. Saving replaces the list; the
 * server ends the account's sessions when a permission is taken away.
 */
export function StaffPermissionsModal({
  user,
  options,
  onClose,
}: {
  user: { id: string; username: string; permissions: string[] };
  options: readonly { key: string; label: string }[];
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [checked, setChecked] = useState<string[]>(user.permissions);
  const [save, { loading }] = useMutation(AdminSetUserPermissionsMutation);
  return (
    <Modal
      open
      title={`授权：${user.username}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={loading}
      onCancel={onClose}
      onOk={async () => {
        try {
          await save({ variables: { id: user.id, permissions: checked } });
          message.success("权限已更新");
          onClose();
        } catch (error) {
          message.error(errorMessage(error));
        }
      }}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert type="info" showIcon title="获得权限的用户可在 /admin/login 登录后台，只能看到并操作所授权的页面。" />
        <Checkbox.Group
          value={checked}
          onChange={(v) => setChecked(v as string[])}
          style={{ display: "flex", flexDirection: "column", gap: 8 }}
        >
          {options.map((o) => (
            <Checkbox key={o.key} value={o.key}>
              {o.label} <span style={{ color: "#8c8c8c" }}>({o.key})</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Space>
    </Modal>
  );
}
