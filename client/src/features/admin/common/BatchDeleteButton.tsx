import { Button, Popconfirm } from "antd";
import { DeleteOutlined } from "@ant-design/icons";

/** 批量删除 for the selected rows, after a confirmation naming how many go. */
export function BatchDeleteButton({
  count,
  onConfirm,
  loading,
}: {
  count: number;
  onConfirm: () => Promise<unknown> | void;
  loading?: boolean;
}) {
  return (
    <Popconfirm
      title="批量删除"
      description={`确定删除选中的 ${count} 项吗？删除后无法恢复`}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      disabled={count === 0}
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined />} disabled={count === 0} loading={loading}>
        批量删除{count > 0 ? ` (${count})` : ""}
      </Button>
    </Popconfirm>
  );
}

/** 删除 of one row (a danger link), after a confirmation. */
export function RowDeleteButton({
  title,
  description,
  onConfirm,
}: {
  title: string;
  description: string;
  onConfirm: () => Promise<unknown> | void;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="删除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger>
        删除
      </Button>
    </Popconfirm>
  );
}
