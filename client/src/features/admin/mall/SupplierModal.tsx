import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Form, Input, InputNumber, Select, Space, Switch } from "antd";
import { NameField } from "../common/formFields";
import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import type { AdminCertSuppliersQuery, CertSupplierInput } from "../../../gql/graphql";
import { FormModal } from "../common/FormModal";
import { useAdminAction } from "../common/useAdminAction";
import { AdminCertificatePackagesQuery, CreateCertSupplierMutation, UpdateCertSupplierMutation } from "./operations";
import { Text, Paragraph } from "../common/Text";

type Supplier = AdminCertSuppliersQuery["adminCertSuppliers"][number];
interface Values {
  name: string;
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  allowPrivate: boolean;
  mapping: { packageId?: string; product?: string }[];
}
const PROTOCOL = `所有请求为 JSON，并带签名头：X-Gryx-Timestamp（Unix 秒）与 X-Gryx-Signature = hex(HMAC-SHA256(密钥, 时间戳\\n方法\\n路径\\n请求体))。
GET  /ping → {"ok": true, "name": "…"}
POST /orders {"reference": 本站订单号, "product": 商品编码, "udid": 设备UDID} → {"order_id", "status": "processing|done|failed"}（同一 reference 返回同一订单）
GET  /orders/{order_id} → {"order_id", "status", "message"}
GET  /orders/{order_id}/certificate → {"p12": base64, "password": "…", "mobileprovision": base64}`;

export function SupplierModal({
  supplier,
  onClose,
  onSaved,
}: {
  supplier: Supplier | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const packages = useQuery(AdminCertificatePackagesQuery, { fetchPolicy: "cache-and-network" });
  const [create, c] = useMutation(CreateCertSupplierMutation);
  const [update, u] = useMutation(UpdateCertSupplierMutation);
  const act = useAdminAction();
  const map = supplier ? (JSON.parse(supplier.productMapJson) as Record<string, string>) : {};
  const initial: Values = {
    name: supplier?.name ?? "",
    baseUrl: supplier?.baseUrl ?? "",
    timeoutMs: supplier?.timeoutMs ?? 15000,
    allowPrivate: supplier?.allowPrivate ?? false,
    mapping: Object.entries(map).map(([packageId, product]) => ({ packageId, product })),
  };
  async function save(v: Values) {
    const productMap = Object.fromEntries(
      v.mapping.filter((m) => m.packageId && m.product).map((m) => [m.packageId!, m.product!.trim()]),
    );
    const input: CertSupplierInput = {
      name: v.name.trim(),
      baseUrl: v.baseUrl.trim(),
      timeoutMs: v.timeoutMs,
      allowPrivate: v.allowPrivate,
      productMapJson: JSON.stringify(productMap),
      ...(v.apiKey ? { apiKey: v.apiKey } : {}),
    };
    const ok = await act(
      () => (supplier ? update({ variables: { id: supplier.id, input } }) : create({ variables: { input } })),
      supplier ? "接口已更新" : "接口已添加",
    );
    if (ok) onSaved();
  }
  const pkgOptions = (packages.data?.adminCertificatePackages ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <FormModal
      title={supplier ? "编辑供应商接口" : "添加供应商接口"}
      width={620}
      initialValues={initial}
      onFinish={save}
      loading={c.loading || u.loading}
      onClose={onClose}
    >
      <NameField />
      <Form.Item label="接口地址" name="baseUrl" rules={[{ required: true, message: "请输入接口地址" }]}>
        <Input placeholder="https://supplier.example.com/api" />
      </Form.Item>
      <Form.Item
        label={supplier ? "接口密钥（留空不修改）" : "接口密钥"}
        name="apiKey"
        rules={
          supplier
            ? []
            : [
                { required: true, message: "请输入接口密钥" },
                { min: 8, message: "至少8个字符" },
              ]
        }
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="超时（毫秒）" name="timeoutMs">
        <InputNumber min={1000} max={120000} step={1000} />
      </Form.Item>
      <Form.Item
        label="允许内网地址"
        name="allowPrivate"
        valuePropName="checked"
        extra="仅当供应商接口部署在本机或内网时开启；链路本地地址（如 169.254.169.254）始终拒绝。"
      >
        <Switch />
      </Form.Item>
      <Text strong>套餐映射（本站套餐 → 供应商商品编码）</Text>
      <Form.List name="mapping">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" style={{ display: "flex", marginTop: 8 }}>
                <Form.Item name={[f.name, "packageId"]} style={{ marginBottom: 0 }}>
                  <Select options={pkgOptions} placeholder="套餐" style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name={[f.name, "product"]} style={{ marginBottom: 0 }}>
                  <Input placeholder="商品编码" style={{ width: 200 }} />
                </Form.Item>
                <MinusCircleOutlined aria-label="移除" onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({})}>
              添加映射
            </Button>
          </>
        )}
      </Form.List>
      <Paragraph type="secondary" style={{ marginTop: 16, whiteSpace: "pre-wrap", fontSize: 12 }}>
        {PROTOCOL}
      </Paragraph>
    </FormModal>
  );
}
