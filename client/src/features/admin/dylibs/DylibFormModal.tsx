import { useState } from "react";
import { Col, Form, Input, Row, Select } from "antd";
import { MB } from "../../../shared/upload";
import { ActiveField, BundleIdField, DescriptionField, FeeFields, VersionField } from "../common/formFields";
import { FileUploadField } from "../common/FileUploadField";
import { FormModal, useSaveRecord } from "../common/FormModal";
import { ImageUploadField } from "../common/ImageUploadField";
import { maxLength, required } from "../common/rules";
import { CreateDylibMutation, UpdateDylibMutation } from "./operations";
import type { AdminDylibFieldsFragment } from "../../../gql/graphql";

/** What POST /api/dylib-management/upload answers. */
interface StagedFile {
  uploadId: string;
  size: number;
  format: string;
  filename: string;
}

export const DYLIB_RULE = { maxBytes: 100 * MB, extensions: ["dylib", "deb"], typeMessage: "仅支持 .dylib 或 .deb 文件" } as const;
const MAX_TAGS = 10;
const TAG_MAX = 20;

interface Values {
  name: string;
  version: string;
  author: string;
  category: string;
  bundleId: string;
  resourceFee: number;
  trafficFee: number;
  tags: string[];
  description: string;
  iconUrl: string;
  isActive: boolean;
}

/** 新建 / 编辑动态库 (mounted while open): file upload with progress, icon, tags, fees. */
export function DylibFormModal({ dylib, onClose, onSaved }: { dylib: AdminDylibFieldsFragment | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [staged, setStaged] = useState<StagedFile | null>(null);
  const { save, saving } = useSaveRecord(CreateDylibMutation, UpdateDylibMutation, dylib?.id, { created: "动态库已创建", updated: "动态库已更新" }, onSaved);
  const initial: Values = dylib
    ? {
        name: dylib.name,
        version: dylib.version,
        author: dylib.author,
        category: dylib.category,
        bundleId: dylib.bundleId,
        resourceFee: dylib.resourceFee,
        trafficFee: dylib.trafficFee,
        tags: dylib.tags,
        description: dylib.description,
        iconUrl: dylib.icon,
        isActive: dylib.isActive,
      }
    : { name: "", version: "", author: "", category: "", bundleId: "", resourceFee: 0, trafficFee: 0, tags: [], description: "", iconUrl: "", isActive: true };

  function submit(v: Values) {
    return save({
      name: v.name.trim(),
      version: v.version.trim(),
      author: v.author.trim(),
      category: v.category.trim(),
      bundleId: v.bundleId.trim(),
      resourceFee: v.resourceFee,
      trafficFee: v.trafficFee,
      tags: v.tags.map((t) => t.trim()).filter(Boolean),
      description: v.description.trim(),
      iconUrl: v.iconUrl,
      isActive: v.isActive,
      fileUploadId: staged?.uploadId ?? null,
    });
  }

  return (
    <FormModal title={dylib ? "编辑动态库" : "新建动态库"} width={720} form={form} initialValues={initial} onFinish={submit} loading={saving} onClose={onClose}>
      <Form.Item label="文件">
        <FileUploadField<StagedFile>
          endpoint="/api/dylib-management/upload"
          field="file"
          rule={DYLIB_RULE}
          buttonText="上传 .dylib / .deb"
          stored={dylib?.hasFile ? { what: "文件", size: dylib.fileSize } : null}
          onUploaded={(data) => {
            setStaged(data);
            if (!form.getFieldValue("name")) form.setFieldValue("name", data.filename.replace(/\.(dylib|deb)$/i, "").slice(0, 100));
          }}
        />
      </Form.Item>
      <Form.Item name="iconUrl" label="图标">
        <ImageUploadField endpoint="/api/dylib-management/upload-icon" field="icon" label="上传动态库图标" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="名称" rules={[required("名称"), maxLength("名称", 100)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <VersionField placeholder="如 1.0.0" />
        <Col xs={24} sm={12}>
          <Form.Item name="author" label="作者" rules={[maxLength("作者", 100)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="category" label="分类" rules={[maxLength("分类", 100)]}>
            <Input placeholder="如 工具、美化" />
          </Form.Item>
        </Col>
        <BundleIdField placeholder="com.example.tweak，可选" />
        <FeeFields />
      </Row>
      <Form.Item
        name="tags"
        label="标签"
        extra={`回车添加，最多 ${MAX_TAGS} 个，每个不超过 ${TAG_MAX} 个字符；首页卡片显示前 3 个`}
        rules={[
          {
            validator: (_, tags: string[] = []) => {
              if (tags.length > MAX_TAGS) return Promise.reject(new Error(`标签最多${MAX_TAGS}个`));
              if (tags.some((t) => t.trim().length > TAG_MAX)) return Promise.reject(new Error(`每个标签最多${TAG_MAX}个字符`));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Select mode="tags" tokenSeparators={[",", "，"]} open={false} placeholder="输入标签后回车" aria-label="标签" />
      </Form.Item>
      <DescriptionField />
      <ActiveField label="上架" />
    </FormModal>
  );
}
