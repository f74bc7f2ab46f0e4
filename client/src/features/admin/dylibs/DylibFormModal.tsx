import { useState } from "react";
import { Col, Form, Input, Select } from "antd";
import { MB } from "../../../shared/upload";
import { FileUploadField } from "../common/FileUploadField";
import { useSaveRecord } from "../common/FormModal";
import { maxLength } from "../common/rules";
import {
  CatalogItemFormModal,
  itemInput,
  itemValues,
  type CatalogItemValues,
} from "../catalog-items/CatalogItemFormModal";
import { CreateDylibMutation, UpdateDylibMutation } from "./operations";
import type { AdminDylibFieldsFragment } from "../../../gql/graphql";

/** What POST /api/dylib-management/upload answers. */
interface StagedFile {
  uploadId: string;
  size: number;
  format: string;
  filename: string;
}

const DYLIB_RULE = {
  maxBytes: 100 * MB,
  extensions: ["dylib", "deb"],
  typeMessage: "仅支持 .dylib 或 .deb 文件",
} as const;
const MAX_TAGS = 10;
const TAG_MAX = 20;

interface Values extends CatalogItemValues {
  author: string;
  category: string;
  tags: string[];
}

/** 新建 / 编辑动态库 (mounted while open): file upload with progress, icon, tags, fees. */
export function DylibFormModal({
  item: dylib,
  onClose,
  onSaved,
}: {
  item: AdminDylibFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [staged, setStaged] = useState<StagedFile | null>(null);
  const { save, saving } = useSaveRecord(
    CreateDylibMutation,
    UpdateDylibMutation,
    dylib?.id,
    { created: "动态库已创建", updated: "动态库已更新" },
    onSaved,
  );
  const initial: Values = {
    ...itemValues(dylib),
    author: dylib?.author ?? "",
    category: dylib?.category ?? "",
    tags: dylib?.tags ?? [],
  };

  function submit(v: Values) {
    return save({
      ...itemInput(v, staged?.uploadId ?? null),
      author: v.author.trim(),
      category: v.category.trim(),
      tags: v.tags.map((t) => t.trim()).filter(Boolean),
    });
  }

  return (
    <CatalogItemFormModal
      title={dylib ? "编辑动态库" : "新建动态库"}
      form={form}
      initialValues={initial}
      onFinish={submit}
      saving={saving}
      onClose={onClose}
      upload={
        <Form.Item label="文件">
          <FileUploadField<StagedFile>
            endpoint="/api/dylib-management/upload"
            field="file"
            rule={DYLIB_RULE}
            buttonText="上传 .dylib / .deb"
            stored={dylib?.hasFile ? { what: "文件", size: dylib.fileSize } : null}
            onUploaded={(data) => {
              setStaged(data);
              if (!form.getFieldValue("name"))
                form.setFieldValue("name", data.filename.replace(/\.(dylib|deb)$/i, "").slice(0, 100));
            }}
          />
        </Form.Item>
      }
      icon={{ endpoint: "/api/dylib-management/upload-icon", label: "上传动态库图标" }}
      bundleIdPlaceholder="com.example.tweak，可选"
      ownFields={
        <>
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
        </>
      }
      ownFieldsBelow={
        <Form.Item
          name="tags"
          label="标签"
          extra={`回车添加，最多 ${MAX_TAGS} 个，每个不超过 ${TAG_MAX} 个字符；首页卡片显示前 3 个`}
          rules={[
            {
              validator: (_, tags: string[] = []) => {
                if (tags.length > MAX_TAGS) return Promise.reject(new Error(`标签最多${MAX_TAGS}个`));
                if (tags.some((t) => t.trim().length > TAG_MAX))
                  return Promise.reject(new Error(`每个标签最多${TAG_MAX}个字符`));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[",", "，"]}
            open={false}
            placeholder="输入标签后回车"
            aria-label="标签"
          />
        </Form.Item>
      }
    />
  );
}
