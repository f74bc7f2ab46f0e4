import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from "antd";
import type { Dayjs } from "dayjs";
import { useAdminAction } from "../common/useAdminAction";
import { codesCsv, saveText } from "./labels";
import { GenerateCardKeysMutation } from "./operations";
import { AdminCertificatePackagesQuery } from "../mall/operations";
import { Panel } from "../common/Panel";
import { Text } from "../common/Text";

interface Values {
  kind: "balance" | "certificate";
  /** A certificate key's mall price plan. */
  planId?: string;
  amount?: number;
  count: number;
  prefix?: string;
  expiresAt?: Dayjs | null;
}

interface Generated {
  batchId: string;
  amount: number;
  codes: string[];
}

/** 生成卡密: the form, then the new codes, shown this once (copy or 下载CSV; the server keeps only their hashes). */
export function GenerateCardKeys({ onGenerated }: { onGenerated: () => void }) {
  const [form] = Form.useForm<Values>();
  const [generate, { loading }] = useMutation(GenerateCardKeysMutation);
  const [result, setResult] = useState<Generated | null>(null);
  const act = useAdminAction();
  const kind = Form.useWatch("kind", form);
  const packages = useQuery(AdminCertificatePackagesQuery, {
    skip: kind !== "certificate",
    fetchPolicy: "cache-and-network",
  });
  const planOptions = (packages.data?.adminCertificatePackages ?? []).flatMap((p) =>
    p.plans.map((pl) => ({ value: pl.id, label: `${p.name} · ${pl.name}（¥${pl.price.toFixed(2)}）` })),
  );

  const submit = (v: Values) =>
    act(
      async () => {
        const { data } = await generate({
          variables: {
            input: {
              kind: v.kind,
              ...(v.kind === "certificate" ? { planId: v.planId } : { amount: v.amount }),
              count: v.count,
              prefix: v.prefix?.trim() || null,
              expiresAt: v.expiresAt ? v.expiresAt.toISOString() : null,
            },
          },
        });
        const g = data!.generateCardKeys;
        setResult({ batchId: String(g.batchId), amount: g.batch.amount, codes: g.codes });
        form.resetFields(["prefix", "expiresAt"]);
        onGenerated();
      },
      undefined,
      "生成失败",
    );

  const download = () =>
    result && saveText(codesCsv(result.codes, result.amount, result.batchId), `card-keys-batch-${result.batchId}.csv`);

  return (
    <Panel title="生成卡密">
      <Form
        form={form}
        layout="inline"
        initialValues={{ kind: "balance", count: 10 }}
        onFinish={submit}
        style={{ rowGap: 12 }}
      >
        <Form.Item
          name="kind"
          label="类型"
          extra={kind === "certificate" ? "用户在证书商城为自己的设备兑换" : undefined}
        >
          <Select
            style={{ width: 110 }}
            options={[
              { value: "balance", label: "余额" },
              { value: "certificate", label: "证书" },
            ]}
          />
        </Form.Item>
        {kind === "certificate" ? (
          <Form.Item name="planId" label="价格方案" rules={[{ required: true, message: "请选择价格方案" }]}>
            <Select
              style={{ width: 260 }}
              options={planOptions}
              loading={packages.loading}
              placeholder="证书套餐的价格方案"
              aria-label="价格方案"
            />
          </Form.Item>
        ) : (
          <Form.Item name="amount" label="面额（元）" rules={[{ required: true, message: "请输入面额" }]}>
            <InputNumber min={0.01} max={1000000} precision={2} style={{ width: 130 }} aria-label="面额" />
          </Form.Item>
        )}
        <Form.Item name="count" label="数量" rules={[{ required: true, message: "请输入数量" }]}>
          <InputNumber min={1} max={10000} precision={0} style={{ width: 110 }} aria-label="数量" />
        </Form.Item>
        <Form.Item name="prefix" label="前缀" rules={[{ pattern: /^[A-Za-z0-9]{0,8}$/, message: "最多8个字母或数字" }]}>
          <Input style={{ width: 110 }} placeholder="可选" maxLength={8} aria-label="前缀" />
        </Form.Item>
        <Form.Item name="expiresAt" label="过期时间">
          <DatePicker showTime placeholder="不过期" aria-label="过期时间" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={loading}>
            生成
          </Button>
        </Form.Item>
      </Form>
      <Modal
        open={!!result}
        title={result ? `已生成 ${result.codes.length} 个卡密（批次 ${result.batchId}）` : ""}
        onCancel={() => setResult(null)}
        width={560}
        footer={
          <Space>
            <Text copyable={{ text: result?.codes.join("\n") ?? "", tooltips: ["复制全部", "已复制"] }}>复制全部</Text>
            <Button type="primary" onClick={download}>
              下载CSV
            </Button>
            <Button onClick={() => setResult(null)}>关闭</Button>
          </Space>
        }
      >
        <Alert
          type="warning"
          showIcon
          title="卡密只显示这一次，关闭前请下载或复制保存。"
          style={{ marginBottom: 12 }}
        />
        <Input.TextArea
          readOnly
          value={result?.codes.join("\n") ?? ""}
          autoSize={{ minRows: 4, maxRows: 14 }}
          aria-label="卡密列表"
          style={{ fontFamily: "monospace" }}
        />
      </Modal>
    </Panel>
  );
}
