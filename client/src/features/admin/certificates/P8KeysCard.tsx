import { useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Form, Input, Modal, Popconfirm, Upload, type TableColumnsType } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import type { P8KeysQuery as Result } from "../../../gql/graphql";
import { errorMessage } from "../../../shared/graphqlError";
import { actionsColumn, dateColumn } from "../common/columns";
import { AdminTable, ListCard } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { CreateP8KeyMutation, DeleteP8KeyMutation, P8KeysQuery } from "./operations";

type Key = Result["p8Keys"][number];

interface Values {
  name: string;
  issuerId: string;
  keyId: string;
}

/**
 * App Store Connect API keys: name, issuer id, key id and the .p8 (read in the browser as text and sent once; the
 * server signs a test token with it before keeping it sealed, and never shows it again).
 */
export function P8KeysCard() {
  const { data, loading, error, refetch } = useQuery(P8KeysQuery, { fetchPolicy: "cache-and-network" });
  const [create, { loading: saving }] = useMutation(CreateP8KeyMutation);
  const [remove] = useMutation(DeleteP8KeyMutation);
  const act = useAdminAction();
  const [open, setOpen] = useState(false);
  const [p8, setP8] = useState<{ name: string; text: string } | null>(null);
  const [formError, setFormError] = useState<string>();
  const [form] = Form.useForm<Values>();
  const close = () => {
    setOpen(false);
    setP8(null);
    setFormError(undefined);
    form.resetFields();
  };
  const submit = async (v: Values) => {
    setFormError(undefined);
    if (!p8) return setFormError("请选择 .p8 私钥文件");
    try {
      await create({
        variables: {
          input: { name: v.name.trim(), issuerId: v.issuerId.trim(), keyId: v.keyId.trim(), privateKey: p8.text },
        },
      });
      close();
      await refetch();
    } catch (e) {
      setFormError(errorMessage(e));
    }
  };
  const columns: TableColumnsType<Key> = [
    { title: "名称", dataIndex: "name", width: 160, minWidth: 100 },
    { title: "Issuer ID", dataIndex: "issuerId", width: 300, minWidth: 160, render: (v: string) => <code>{v}</code> },
    { title: "Key ID", dataIndex: "keyId", width: 120, minWidth: 100, render: (v: string) => <code>{v}</code> },
    dateColumn("添加时间", "createdAt"),
    actionsColumn(80, (k) => (
      <Popconfirm
        title="确定删除该 API 密钥吗？"
        okText="删除"
        cancelText="取消"
        onConfirm={() => act(() => remove({ variables: { id: k.id } }).then(() => refetch()), "已删除")}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    )),
  ];
  return (
    <ListCard
      title="P8 证书（App Store Connect API 密钥）"
      createText="添加密钥"
      onCreate={() => setOpen(true)}
      error={error}
    >
      <AdminTable columns={columns} dataSource={data?.p8Keys ?? []} loading={loading} pagination={false} />
      {open && (
        <Modal
          title="添加 API 密钥"
          open
          onCancel={close}
          onOk={() => form.submit()}
          okText="保存"
          cancelText="取消"
          confirmLoading={saving}
        >
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
            <Form.Item
              label="名称"
              name="name"
              rules={[
                { required: true, message: "请输入名称" },
                { max: 50, message: "最多50个字符" },
              ]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="Issuer ID" name="issuerId" rules={[{ required: true, message: "请输入 Issuer ID" }]}>
              <Input placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" />
            </Form.Item>
            <Form.Item label="Key ID" name="keyId" rules={[{ required: true, message: "请输入 Key ID" }]}>
              <Input placeholder="10位大写字母或数字" />
            </Form.Item>
            <Form.Item label="私钥文件（.p8）" required>
              <Upload
                accept=".p8"
                maxCount={1}
                beforeUpload={(f) => {
                  if (f.size > 8 * 1024) setFormError(".p8 文件过大");
                  else void f.text().then((text) => setP8({ name: f.name, text }));
                  return false;
                }}
                onRemove={() => setP8(null)}
                fileList={p8 ? [{ uid: "1", name: p8.name, status: "done" }] : []}
              >
                <Button icon={<UploadOutlined />}>选择 .p8 文件</Button>
              </Upload>
            </Form.Item>
          </Form>
          {formError && <Alert type="error" showIcon title={formError} />}
        </Modal>
      )}
    </ListCard>
  );
}
