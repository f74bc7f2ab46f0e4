import { useState } from "react";
import { Button, Popconfirm, Space, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { api } from "../../../shared/request";
import { AdminTable, LoadError } from "../common/list";
import { BusinessDateTime } from "../common/businessTime";
import { useAdminAction } from "../common/useAdminAction";
import { useRestData } from "../common/useRestData";
import type { EmailTemplate } from "./api";
import { lazyDialog } from "../common/lazyDialog";
import { Tag } from "../common/Tag";

const TemplateEditor = lazyDialog(() => import("./TemplateEditor").then((m) => m.TemplateEditor));

/** 邮件模板: the built-in ones (editable, not deletable) and custom ones. */
export function TemplatesPanel() {
  const { data, error, loading, reload } = useRestData<EmailTemplate[]>("/api/admin/email/templates");
  const [editing, setEditing] = useState<EmailTemplate | "new" | null>(null);
  const act = useAdminAction();
  const columns: TableColumnsType<EmailTemplate> = [
    {
      title: "名称",
      dataIndex: "name",
      width: 160,
      minWidth: 110,
      render: (v: string, t) =>
        t.builtin ? (
          <Space size={4}>
            {v}
            <Tag>内置</Tag>
          </Space>
        ) : (
          v
        ),
    },
    { title: "标识", dataIndex: "key", width: 160, minWidth: 100, ellipsis: true },
    { title: "主题", dataIndex: "subject", width: 220, minWidth: 120, ellipsis: true },
    {
      title: "更新时间",
      dataIndex: "updated_at",
      width: 150,
      minWidth: 120,
      render: (v: string) => <BusinessDateTime value={v} />,
    },
    {
      title: "操作",
      key: "actions",
      fixed: "right",
      width: 120,
      minWidth: 110,
      render: (_, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(t)}>
            编辑
          </Button>
          {!t.builtin && (
            <Popconfirm
              title="删除该模板？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => act(() => api.delete(`/api/admin/email/templates/${t.id}`), "模板已删除").then(reload)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <LoadError error={error} />
      <div style={{ marginBottom: 12, textAlign: "right" }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
          新建模板
        </Button>
      </div>
      <AdminTable columns={columns} dataSource={data ?? []} loading={loading} pagination={false} />
      {editing && (
        <TemplateEditor
          template={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) reload();
          }}
        />
      )}
    </>
  );
}
