import { Form, Input, Modal, Radio } from "antd";
import { useMutation } from "@apollo/client/react";
import { maxLength, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { CreateAnnouncementMutation, UpdateAnnouncementMutation } from "./operations";
import type { AdminAnnouncementFieldsFragment } from "../../../gql/graphql";

export const TITLE_MAX = 100;
export const CONTENT_MAX = 5000;

interface Values {
  title: string;
  content: string;
  status: "published" | "draft";
}

/** 新建 / 编辑公告 (mounted while open). */
export function AnnouncementFormModal({
  announcement,
  onClose,
  onSaved,
}: {
  announcement: AdminAnnouncementFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const act = useAdminAction();
  const [create, { loading: creating }] = useMutation(CreateAnnouncementMutation);
  const [update, { loading: updating }] = useMutation(UpdateAnnouncementMutation);
  const initial: Values = announcement
    ? { title: announcement.title, content: announcement.content, status: announcement.status === "published" ? "published" : "draft" }
    : { title: "", content: "", status: "draft" };

  async function submit(v: Values) {
    const input = { title: v.title.trim(), content: v.content.trim(), status: v.status };
    const ok = await act(
      () => (announcement ? update({ variables: { id: announcement.id, input } }) : create({ variables: { input } })),
      announcement ? "公告已更新" : "公告已创建",
    );
    if (ok) onSaved();
  }

  return (
    <Modal
      title={announcement ? "编辑公告" : "新建公告"}
      open
      width={640}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={creating || updating}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item name="title" label="标题" rules={[required("公告标题"), maxLength("公告标题", TITLE_MAX)]}>
          <Input showCount maxLength={TITLE_MAX} />
        </Form.Item>
        <Form.Item name="content" label="内容" rules={[required("公告内容"), maxLength("公告内容", CONTENT_MAX)]}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} showCount maxLength={CONTENT_MAX} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            optionType="button"
            options={[
              { value: "draft", label: "草稿" },
              { value: "published", label: "发布" },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
