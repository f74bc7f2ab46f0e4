import { useState } from "react";
import { Col, Form, Input, InputNumber, Modal, Row, Switch } from "antd";
import { useMutation } from "@apollo/client/react";
import { formatFileSize } from "../../../shared/format";
import { IPA_RULE } from "../../../shared/upload";
import { prefillFromIpa, type StagedIpa } from "../common/ipa";
import { FileUploadField } from "../common/FileUploadField";
import { ImageUploadField } from "../common/ImageUploadField";
import { bundleIdRule, maxLength, moneyRule, required } from "../common/rules";
import { useAdminAction } from "../common/useAdminAction";
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
  const act = useAdminAction();
  const [ipa, setIpa] = useState<StagedIpa | null>(null);
  const [create, { loading: creating }] = useMutation(CreateResourceShareMutation);
  const [update, { loading: updating }] = useMutation(UpdateResourceShareMutation);
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

  async function submit(v: Values) {
    const input = {
      name: v.name.trim(),
      version: v.version.trim(),
      bundleId: v.bundleId.trim(),
      resourceFee: v.resourceFee,
      trafficFee: v.trafficFee,
      description: v.description.trim(),
      iconUrl: v.iconUrl,
      isActive: v.isActive,
      fileUploadId: ipa?.uploadId ?? null,
    };
    const ok = await act(
      () => (share ? update({ variables: { id: share.id, input } }) : create({ variables: { input } })),
      share ? "资源已更新" : "资源已创建",
    );
    if (ok) onSaved();
  }

  return (
    <Modal
      title={share ? "编辑资源分享" : "新建资源分享"}
      open
      width={720}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={creating || updating}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item label="安装包（IPA）" extra="上传后自动读取名称、版本、Bundle ID 和图标">
          <FileUploadField<StagedIpa>
            endpoint="/api/resource-shares/upload-ipa"
            field="ipa"
            rule={IPA_RULE}
            buttonText={share?.hasFile || ipa ? "重新上传 IPA" : "上传 IPA"}
            current={share?.hasFile ? `已有安装包（${formatFileSize(share.fileSize)}），重新上传会替换它` : undefined}
            onUploaded={(data) => {
              setIpa(data);
              prefillFromIpa(form, data);
            }}
          />
        </Form.Item>
        <Form.Item name="iconUrl" label="图标">
          <ImageUploadField endpoint="/api/resource-shares/upload" field="icon" label="上传资源图标" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label="名称" rules={[required("名称"), maxLength("名称", 100)]}>
              <Input maxLength={100} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="version" label="版本" rules={[maxLength("版本", 64)]}>
              <Input placeholder="如 1.0.0" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="bundleId" label="Bundle ID" rules={[maxLength("Bundle ID", 255), bundleIdRule]}>
              <Input placeholder="com.example.app" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="resourceFee" label="资源费（元）" rules={[moneyRule("资源费")]}>
              <InputNumber step={0.01} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="trafficFee" label="流量费（元）" rules={[moneyRule("流量费")]}>
              <InputNumber step={0.01} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="描述" rules={[maxLength("描述", 5000)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} showCount maxLength={5000} />
        </Form.Item>
        <Form.Item name="isActive" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
