import { Form, Input } from "antd";
import { useMutation } from "@apollo/client/react";
import { CONTENT_MAX, TITLE_MAX } from "../announcements/AnnouncementFormModal";
import { ActiveField } from "../common/formFields";
import { FormModal } from "../common/FormModal";
import { maxLength, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
import { UpsertCategoryAnnouncementMutation } from "./operations";
import type { AdminCategoryAnnouncementFieldsFragment } from "../../../gql/graphql";

interface Values {
  title: string;
  content: string;
  isActive: boolean;
}

/** Edits (or creates) the announcement box of one category. */
export function CategoryAnnouncementModal({
  categoryId,
  categoryName,
  current,
  onClose,
  onSaved,
}: {
  categoryId: string;
  categoryName: string;
  current: AdminCategoryAnnouncementFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const act = useAdminAction();
  const [upsert, { loading }] = useMutation(UpsertCategoryAnnouncementMutation);
  const initial: Values = current
    ? { title: current.title, content: current.content, isActive: current.isActive }
    : { title: "", content: "", isActive: true };

  async function submit(v: Values) {
    const ok = await act(
      () =>
        upsert({
          variables: { categoryId, input: { title: v.title.trim(), content: v.content.trim(), isActive: v.isActive } },
        }),
      "分类公告已保存",
    );
    if (ok) onSaved();
  }

  return (
    <FormModal
      title={`分类公告 · ${categoryName}`}
      width={640}
      initialValues={initial}
      onFinish={submit}
      loading={loading}
      onClose={onClose}
    >
      <Form.Item name="title" label="标题" rules={[required("公告标题"), maxLength("公告标题", TITLE_MAX)]}>
        <Input showCount maxLength={TITLE_MAX} />
      </Form.Item>
      <Form.Item
        name="content"
        label="内容"
        extra="首页该分类列表上方显示，超过 120 px 时折叠"
        rules={[required("公告内容"), maxLength("公告内容", CONTENT_MAX)]}
      >
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} showCount maxLength={CONTENT_MAX} />
      </Form.Item>
      <ActiveField label="显示" />
    </FormModal>
  );
}
