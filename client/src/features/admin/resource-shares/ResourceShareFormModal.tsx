import { useState } from "react";
import { Col, Form, Input, Row } from "antd";
import { ActiveField, BundleIdField, DescriptionField, FeeFields, IpaUploadItem, VersionField } from "../common/formFields";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { ImageUploadField } from "../common/ImageUploadField";
import { prefillFromIpa, type StagedIpa } from "../common/ipa";
import { maxLength, required } from "../common/rules";
import { CreateResourceShareMutation, UpdateResourceShareMutation } from "./operations";
import type { AdminResourceShareFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  version: string;
  bundleId: string;
  resourceFee: number;
  trafficFee: number;
  description: string;
  iconUrl: string;
  isActive: boolean;
}

/** 新建 / 编辑资源分享 (mounted while open): IPA upload that fills the form, icon, resource and traffic fees. */
export function ResourceShareFormModal({ share, onClose, onSaved }: { share: AdminResourceShareFieldsFragment | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [ipa, setIpa] = useState<StagedIpa | null>(null);
  const { save, saving } = useSaveRecord(CreateResourceShareMutation, UpdateResourceShareMutation, share?.id, { created: "资源已创建", updated: "资源已更新" }, onSaved);
  const initial: Values = share
    ? {
        name: share.name,
        version: share.version,
        bundleId: share.bundleId,
        resourceFee: share.resourceFee,
        trafficFee: share.trafficFee,
        description: share.description,
        iconUrl: share.icon,
        isActive: share.isActive,
      }
    : { name: "", version: "", bundleId: "", resourceFee: 0, trafficFee: 0, description: "", iconUrl: "", isActive: true };

  function submit(v: Values) {
    return save({
      name: v.name.trim(),
      version: v.version.trim(),
      bundleId: v.bundleId.trim(),
      resourceFee: v.resourceFee,
      trafficFee: v.trafficFee,
      description: v.description.trim(),
      iconUrl: v.iconUrl,
      isActive: v.isActive,
      fileUploadId: ipa?.uploadId ?? null,
    });
  }

  return (
    <FormModal title={share ? "编辑资源分享" : "新建资源分享"} width={720} form={form} initialValues={initial} onFinish={submit} loading={saving} onClose={onClose}>
      <IpaUploadItem
        endpoint="/api/resource-shares/upload-ipa"
        extra="上传后自动读取名称、版本、Bundle ID 和图标"
        storedSize={share?.hasFile ? share.fileSize : null}
        onUploaded={(data) => {
          setIpa(data);
          prefillFromIpa(form, data);
        }}
      />
      <Form.Item name="iconUrl" label="图标">
        <ImageUploadField endpoint="/api/resource-shares/upload" field="icon" label="上传资源图标" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="名称" rules={[required("名称"), maxLength("名称", 100)]}>
            <Input maxLength={100} showCount />
          </Form.Item>
        </Col>
        <VersionField placeholder="如 1.0.0" />
        <BundleIdField placeholder="com.example.app" />
        <FeeFields />
      </Row>
      <DescriptionField />
      <ActiveField label="上架" />
    </FormModal>
  );
}
