import { Form, Input } from "antd";
import { ActiveField } from "../common/formFields";
import { ImageUploadField } from "../common/ImageUploadField";
import { linkRule, maxLength } from "../common/rules";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { CreateBannerMutation, UpdateBannerMutation } from "./operations";
import type { AdminBannerFieldsFragment } from "../../../gql/graphql";

interface Values {
  imageUrl: string;
  title: string;
  altText: string;
  linkUrl: string;
  isActive: boolean;
}

/** 新建 / 编辑轮播图 (mounted while open). `banner` null creates. */
export function BannerFormModal({
  banner,
  onClose,
  onSaved,
}: {
  banner: AdminBannerFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { save, saving } = useSaveRecord(
    CreateBannerMutation,
    UpdateBannerMutation,
    banner?.id,
    { created: "轮播图已创建", updated: "轮播图已更新" },
    onSaved,
  );

  const initial: Values = banner
    ? {
        imageUrl: banner.imageUrl,
        title: banner.title,
        altText: banner.altText,
        linkUrl: banner.linkUrl,
        isActive: banner.isActive,
      }
    : { imageUrl: "", title: "", altText: "", linkUrl: "", isActive: true };

  function submit(v: Values) {
    return save({
      imageUrl: v.imageUrl,
      title: v.title.trim(),
      altText: v.altText.trim(),
      linkUrl: v.linkUrl.trim(),
      isActive: v.isActive,
    });
  }

  return (
    <FormModal
      title={banner ? "编辑轮播图" : "新建轮播图"}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
      <Form.Item name="imageUrl" label="图片" rules={[{ required: true, message: "请上传轮播图图片" }]}>
        <ImageUploadField endpoint="/api/banners/upload" field="image" wide label="上传轮播图图片" />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={[maxLength("标题", 100)]}>
        <Input placeholder="可选" />
      </Form.Item>
      <Form.Item
        name="altText"
        label="替代文字"
        tooltip="图片无法显示时的说明，也供读屏软件朗读"
        rules={[maxLength("替代文字", 200)]}
      >
        <Input placeholder="可选" />
      </Form.Item>
      <Form.Item name="linkUrl" label="链接地址" rules={[maxLength("链接地址", 500), linkRule("链接地址")]}>
        <Input placeholder="https://… 或 /app/1，可选" />
      </Form.Item>
      <ActiveField label="启用" />
    </FormModal>
  );
}
