import { useMutation, useQuery } from "@apollo/client/react";
import { Form, Input, Select, Space } from "antd";
import { NameField } from "../common/formFields";
import type { AdminCertificatePackagesQuery, CertPackageInput } from "../../../gql/graphql";
import { FormModal } from "../common/FormModal";
import { useAdminAction } from "../common/useAdminAction";
import { AdminCertificatesQuery } from "../certificates/operations";
import { CertSuppliersQuery, CreateCertPackageMutation, UpdateCertPackageMutation } from "./operations";
import { DEVICE_OPTIONS, KIND_OPTIONS, SOURCE_OPTIONS } from "./packageOptions";

type Pkg = AdminCertificatePackagesQuery["adminCertificatePackages"][number];

/** 新建/编辑套餐: name, description, kind, devices and how it is delivered (a supplier or a platform certificate). */
export function PackageModal({ pkg, onClose, onSaved }: { pkg: Pkg | null; onClose: () => void; onSaved: () => void }) {
  const act = useAdminAction();
  const suppliers = useQuery(CertSuppliersQuery, { fetchPolicy: "cache-and-network" });
  const platformCerts = useQuery(AdminCertificatesQuery, {
    variables: { scope: "platform", page: 1, pageSize: 100 },
    fetchPolicy: "cache-and-network",
  });
  const [create, c] = useMutation(CreateCertPackageMutation);
  const [update, u] = useMutation(UpdateCertPackageMutation);
  const [form] = Form.useForm<CertPackageInput>();
  const source = Form.useWatch("source", form);
  const initial: CertPackageInput = pkg
    ? {
        name: pkg.name,
        description: pkg.description,
        kind: pkg.kind,
        source: pkg.source,
        supplierId: pkg.supplierId ?? null,
        certificateId: pkg.certificateId ?? null,
        deviceType: pkg.deviceType,
      }
    : {
        name: "",
        description: "",
        kind: "stable",
        source: "asc",
        supplierId: null,
        certificateId: null,
        deviceType: "iphone",
      };
  async function save(v: CertPackageInput) {
    const input = {
      ...v,
      name: v.name?.trim(),
      supplierId: v.source === "supplier" ? (v.supplierId ?? null) : null,
      certificateId: v.source === "platform" ? (v.certificateId ?? null) : null,
    };
    const ok = await act(
      () => (pkg ? update({ variables: { id: pkg.id, input } }) : create({ variables: { input } })),
      pkg ? "套餐已更新" : "套餐已创建",
    );
    if (ok) onSaved();
  }
  return (
    <FormModal
      title={pkg ? "编辑套餐" : "新建套餐"}
      form={form}
      initialValues={initial}
      onFinish={save}
      loading={c.loading || u.loading}
      onClose={onClose}
    >
      <NameField label="套餐名称" />
      <Form.Item label="套餐说明" name="description" rules={[{ max: 1000, message: "最多1000个字符" }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Space wrap>
        <Form.Item label="类型" name="kind">
          <Select options={KIND_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="设备类型" name="deviceType">
          <Select options={DEVICE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item label="交付方式" name="source">
          <Select options={SOURCE_OPTIONS} style={{ width: 180 }} />
        </Form.Item>
      </Space>
      {source === "platform" && (
        <Form.Item
          label="平台证书（适用于所有设备的企业证书，交付其副本）"
          name="certificateId"
          rules={[{ required: true, message: "请选择平台证书" }]}
        >
          <Select
            options={(platformCerts.data?.adminCertificates.items ?? [])
              .filter((c) => c.allDevices)
              .map((c) => ({ value: c.id, label: `${c.name}（${c.teamId}）` }))}
            placeholder="在「平台证书」中上传企业证书"
          />
        </Form.Item>
      )}
      {source === "supplier" && (
        <Form.Item label="供应商接口" name="supplierId" rules={[{ required: true, message: "请选择供应商接口" }]}>
          <Select
            options={(suppliers.data?.adminCertSuppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
            placeholder="在「API接口」中添加供应商"
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
