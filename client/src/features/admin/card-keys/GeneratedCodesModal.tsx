import { Alert, Button, Input, Modal, Space } from "antd";
import { Text } from "../common/Text";
import { codesCsv, saveText } from "./labels";

export interface Generated {
  batchId: string;
  amount: number;
  codes: string[];
}

/** The new codes, shown this once (copy or 下载CSV; the server keeps only their hashes); loads when first shown. */
export function GeneratedCodesModal({ result, onClose }: { result: Generated; onClose: () => void }) {
  const text = result.codes.join("\n");
  const download = () =>
    saveText(codesCsv(result.codes, result.amount, result.batchId), `card-keys-batch-${result.batchId}.csv`);
  return (
    <Modal
      open
      title={`已生成 ${result.codes.length} 个卡密（批次 ${result.batchId}）`}
      onCancel={onClose}
      width={560}
      footer={
        <Space>
          <Text copyable={{ text, tooltips: ["复制全部", "已复制"] }}>复制全部</Text>
          <Button type="primary" onClick={download}>
            下载CSV
          </Button>
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title="卡密只显示这一次，关闭前请下载或复制保存。" style={{ marginBottom: 12 }} />
      <Input.TextArea
        readOnly
        value={text}
        autoSize={{ minRows: 4, maxRows: 14 }}
        aria-label="卡密列表"
        style={{ fontFamily: "monospace" }}
      />
    </Modal>
  );
}
