import { useState } from "react";
import { Form } from "antd";
import { IpaUploadItem } from "../common/formFields";
import { useSaveRecord } from "../common/FormModal";
import { prefillFromIpa, type StagedIpa } from "../common/ipa";
import {
  CatalogItemFormModal,
  itemInput,
  itemValues,
  type CatalogItemValues,
} from "../catalog-items/CatalogItemFormModal";
import { CreateResourceShareMutation, UpdateResourceShareMutation } from "./operations";
import type { AdminResourceShareFieldsFragment } from "../../../gql/graphql";

/** 新建 / 编辑资源分享 (mounted while open): IPA upload that fills the form, icon, resource and traffic fees. */
export function ResourceShareFormModal({
  item: share,
  onClose,
  onSaved,
}: {
  item: AdminResourceShareFieldsFragment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<CatalogItemValues>();
  const [ipa, setIpa] = useState<StagedIpa | null>(null);
  const { save, saving } = useSaveRecord(
    CreateResourceShareMutation,
    UpdateResourceShareMutation,
    share?.id,
    { created: "资源已创建", updated: "资源已更新" },
    onSaved,
  );

  return (
    <CatalogItemFormModal
      title={share ? "编辑资源分享" : "新建资源分享"}
      form={form}
      initialValues={itemValues(share)}
      onFinish={(v) => save(itemInput(v, ipa?.uploadId ?? null))}
      saving={saving}
      onClose={onClose}
      upload={
        <IpaUploadItem
          endpoint="/api/resource-shares/upload-ipa"
          extra="上传后自动读取名称、版本、Bundle ID 和图标"
          storedSize={share?.hasFile ? share.fileSize : null}
          onUploaded={(data) => {
            setIpa(data);
            prefillFromIpa(form, data);
          }}
        />
      }
      icon={{ endpoint: "/api/resource-shares/upload", label: "上传资源图标" }}
      nameShowCount
      bundleIdPlaceholder="com.example.app"
    />
  );
}
