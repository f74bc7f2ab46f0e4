import { Form, Input, Modal, Select } from "antd";
import { useMutation } from "@apollo/client/react";
import { errorMessage } from "../../../shared/graphqlError";
import { AdminCreateUserMutation } from "./operations";
import { ROLE_OPTIONS } from "./roles";
import { useFeedback } from "../shell/feedback";

interface Values {
  username: string;
  password: string;
  role: string;
  email?: string;
  permissions?: string[];
}

/** The 新建用户 dialog. */
export function CreateUserModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const [create, { loading }] = useMutation(AdminCreateUserMutation);

  async function submit(values: Values) {
    try {
      await create({
        variables: {
          input: {
            username: values.username.trim(),
            password: values.password,
            role: values.role,
            email: values.email?.trim() || null,
            permissions: values.permissions?.length ? values.permissions : null,
          },
        },
      });
      message.success("用户已创建");
      form.resetFields();
      onCreated();
    } catch (error) {
      message.error(errorMessage(error));
    }
  }

  return (
    <Modal
      title="新建用户"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="创建"
      cancelText="取消"
      confirmLoading={loading}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ role: "user" }} onFinish={submit} preserve={false}>
        <Form.Item
          name="username"
          label="用户名"
          rules={[{ required: true, whitespace: true, message: "请输入用户名" }]}
        >
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label="初始密码" rules={[{ required: true, min: 6, message: "密码至少6位" }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true }]}>
          <Select options={[...ROLE_OPTIONS]} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[{ type: "email", message: "邮箱格式不正确" }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="permissions" label="权限" tooltip="权限标识，回车添加">
          <Select mode="tags" tokenSeparators={[",", " "]} placeholder="可选" open={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
