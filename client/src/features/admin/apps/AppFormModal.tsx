import { useState } from "react";
import { Col, Form, Input, InputNumber, Row, Select } from "antd";
import { MB } from "../../../shared/upload";
import { ActiveField, BundleIdField, DescriptionField, IpaUploadItem, VersionField } from "../common/formFields";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { ImageUploadField } from "../common/ImageUploadField";
import { maxLength, moneyRule, required } from "../common/rules";
import { prefillFromIpa, type StagedIpa } from "../common/ipa";
import { CreateAppMutation, UpdateAppMutation } from "./operations";
import type { AdminAppFieldsFragment } from "../../../gql/graphql";

interface Values {
  name: string;
  version: string;
  categoryId: string | null;
  price: number;
  bundleId: string;
  developer: string;
  keywords: string;
  sizeMB: number | null;
  minOsVersion: string;
  description: string;
  iconUrl: string;
  isActive: boolean;
}

const toMB = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** 新建 / 编辑应用 (mounted while open): IPA upload that fills the form, icon, category, price, texts. */
export function AppFormModal({
  app,
  categories,
  onClose,
  onSaved,
}: {
  app: AdminAppFieldsFragment | null;
  categories: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [ipa, setIpa] = useState<StagedIpa | null>(null);
  const { save, saving } = useSaveRecord(
    CreateAppMutation,
    UpdateAppMutation,
    app?.id,
    { created: "应用已创建", updated: "应用已更新" },
    onSaved,
  );
  const sizeFromIpa = !!ipa || !!app?.hasIpa;
  const initial: Values = app
    ? {
        name: app.name,
        version: app.version,
        categoryId: app.categoryId ?? null,
        price: app.price,
        bundleId: app.bundleId,
        developer: app.developer,
        keywords: app.keywords,
        sizeMB: app.size ? toMB(app.size) : null,
        minOsVersion: app.minOsVersion ?? "",
        description: app.description,
        iconUrl: app.icon,
        isActive: app.isActive,
      }
    : {
        name: "",
        version: "",
        categoryId: null,
        price: 0,
        bundleId: "",
        developer: "",
        keywords: "",
        sizeMB: null,
        minOsVersion: "",
        description: "",
        iconUrl: "",
        isActive: true,
      };

  function submit(v: Values) {
    return save({
      name: v.name.trim(),
      version: v.version.trim(),
      categoryId: v.categoryId ?? "",
      price: v.price,
      bundleId: v.bundleId.trim(),
      developer: v.developer.trim(),
      keywords: v.keywords.trim(),
      minOsVersion: v.minOsVersion.trim(),
      description: v.description.trim(),
      iconUrl: v.iconUrl,
      isActive: v.isActive,
      ipaUploadId: ipa?.uploadId ?? null,
      // the IPA decides the size when there is one
      size: sizeFromIpa ? null : Math.round((v.sizeMB ?? 0) * MB),
    });
  }

  return (
    <FormModal
      title={app ? "编辑应用" : "新建应用"}
      width={760}
      form={form}
      initialValues={initial}
      onFinish={submit}
      loading={saving}
      onClose={onClose}
    >
      <IpaUploadItem
        endpoint="/api/apps/upload-ipa"
        extra="上传后自动读取名称、版本、Bundle ID、图标和大小"
        storedSize={app?.hasIpa ? app.size : null}
        onUploaded={(data) => {
          setIpa(data);
          prefillFromIpa(form, data, { minOsVersion: true });
          form.setFieldValue("sizeMB", toMB(data.size));
        }}
      />
      <Form.Item name="iconUrl" label="图标">
        <ImageUploadField endpoint="/api/apps/upload" field="icon" label="上传应用图标" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="应用名称" rules={[required("应用名称"), maxLength("应用名称", 100)]}>
            <Input maxLength={100} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="categoryId" label="分类">
            <Select allowClear placeholder="未分类" options={categories} />
          </Form.Item>
        </Col>
        <VersionField placeholder="如 1.2.0" />
        <Col xs={24} sm={12}>
          <Form.Item name="price" label="价格（元）" extra="0 表示免费" rules={[moneyRule("价格")]}>
            <InputNumber step={0.01} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <BundleIdField placeholder="com.example.app" />
        <Col xs={12} sm={6}>
          <Form.Item name="sizeMB" label="大小（MB）" extra={sizeFromIpa ? "取自安装包" : undefined}>
            <InputNumber
              min={0}
              max={1_048_576}
              step={0.01}
              precision={2}
              disabled={sizeFromIpa}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="minOsVersion" label="最低 iOS" rules={[maxLength("最低系统版本", 32)]}>
            <Input placeholder="如 14.0" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="developer"
        label="开发者"
        extra="软件源（AltStore、ESign）里显示的开发者；留空时显示本站名称"
        rules={[maxLength("开发者", 100)]}
      >
        <Input maxLength={100} placeholder="如 果仁工作室" />
      </Form.Item>
      <Form.Item
        name="keywords"
        label="关键词"
        extra="用于搜索，多个用逗号或空格分隔"
        rules={[maxLength("关键词", 500)]}
      >
        <Input maxLength={500} />
      </Form.Item>
      <DescriptionField label="应用描述" />
      <ActiveField label="上架" />
    </FormModal>
  );
}
