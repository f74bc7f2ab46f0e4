import { Form, Input, Radio } from "antd";
import { maxLength, required } from "../common/rules";
import { FormModal, useSaveRecord } from "../common/FormModal";
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
  const { save, saving } = useSaveRecord(
    CreateAnnouncementMutation,
    UpdateAnnouncementMutation,
    announcement?.id,
    { created: "公告已创建", updated: "公告已更新" },
    onSaved,
  );
  const initial: Values = announcement
    ? {
        title: announcement.title,
        content: announcement.content,
        status: announcement.status === "published" ? "published" : "draft",
      }
    : { title: "", content: "", status: "draft" };

  function submit(v: Values) {
    return save({ title: v.title.trim(), content: v.content.trim(), status: v.status });
  }

  return (
    <FormModal
      title={announcement ? "编辑公告" : "新建公告"}
      width={640}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
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
    </FormModal>
  );
}
