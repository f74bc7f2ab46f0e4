import type { ReactNode } from "react";
import { Col, Form, Input, Row, type FormInstance } from "antd";
import { ActiveField, BundleIdField, DescriptionField, FeeFields, VersionField } from "../common/formFields";
import { FormModal } from "../common/FormModal";
import { ImageUploadField } from "../common/ImageUploadField";
import { maxLength, required } from "../common/rules";

/** The form values every catalogue item (dylib, resource share) has. */
export interface CatalogItemValues {
  name: string;
  version: string;
  bundleId: string;
  resourceFee: number;
  trafficFee: number;
  description: string;
  iconUrl: string;
  isActive: boolean;
}

type Stored = Pick<
  CatalogItemValues,
  "name" | "version" | "bundleId" | "resourceFee" | "trafficFee" | "description" | "isActive"
> & { icon: string };

/** The common values of an item being edited, or of a new one. */
export function itemValues(item: Stored | null): CatalogItemValues {
  return item
    ? {
        name: item.name,
        version: item.version,
        bundleId: item.bundleId,
        resourceFee: item.resourceFee,
        trafficFee: item.trafficFee,
        description: item.description,
        iconUrl: item.icon,
        isActive: item.isActive,
      }
    : {
        name: "",
        version: "",
        bundleId: "",
        resourceFee: 0,
        trafficFee: 0,
        description: "",
        iconUrl: "",
        isActive: true,
      };
}

/** The common fields of the create / update input, trimmed; `fileUploadId` is the staged upload, if any. */
export function itemInput(v: CatalogItemValues, fileUploadId: string | null) {
  return {
    name: v.name.trim(),
    version: v.version.trim(),
    bundleId: v.bundleId.trim(),
    resourceFee: v.resourceFee,
    trafficFee: v.trafficFee,
    description: v.description.trim(),
    iconUrl: v.iconUrl,
    isActive: v.isActive,
    fileUploadId,
  };
}

/**
 * 新建 / 编辑 a catalogue item (mounted while open): the kind's file upload first, then the icon, name, version,
 * the kind's own fields, Bundle ID, fees, description and 上架.
 */
export function CatalogItemFormModal<V extends CatalogItemValues>({
  title,
  form,
  initialValues,
  onFinish,
  saving,
  onClose,
  upload,
  icon,
  nameShowCount,
  bundleIdPlaceholder,
  ownFields,
  ownFieldsBelow,
}: {
  title: string;
  form: FormInstance<V>;
  initialValues: V;
  onFinish: (values: V) => void | Promise<void>;
  saving: boolean;
  onClose: () => void;
  /** The file upload item. */
  upload: ReactNode;
  icon: { endpoint: string; label: string };
  nameShowCount?: boolean;
  bundleIdPlaceholder: string;
  /** The kind's own fields: half-width columns after 版本, and full-width items after the fees. */
  ownFields?: ReactNode;
  ownFieldsBelow?: ReactNode;
}) {
  return (
    <FormModal
      title={title}
      width={720}
      form={form}
      initialValues={initialValues}
      onFinish={onFinish}
      loading={saving}
      onClose={onClose}
    >
      {upload}
      <Form.Item name="iconUrl" label="图标">
        <ImageUploadField endpoint={icon.endpoint} field="icon" label={icon.label} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="名称" rules={[required("名称"), maxLength("名称", 100)]}>
            <Input maxLength={100} showCount={nameShowCount} />
          </Form.Item>
        </Col>
        <VersionField placeholder="如 1.0.0" />
        {ownFields}
        <BundleIdField placeholder={bundleIdPlaceholder} />
        <FeeFields />
      </Row>
      {ownFieldsBelow}
      <DescriptionField />
      <ActiveField label="上架" />
    </FormModal>
  );
}
