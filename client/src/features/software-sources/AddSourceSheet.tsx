import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { Button, Form, Input } from "antd-mobile";
import { toast } from "../site/toast";
import { errorMessage } from "../../shared/graphqlError";
import { AddSoftwareSourceMutation, SoftwareSourcesQuery } from "./operations";
import styles from "./sources.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

/** 添加软件源: a private source (visible to the user only), by name and address. */
export function AddSourceSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; url: string }>();
  const [error, setError] = useState("");
  const [add, { loading }] = useMutation(AddSoftwareSourceMutation, { refetchQueries: [SoftwareSourcesQuery] });
  const submit = async (v: { name: string; url: string }) => {
    setError("");
    try {
      await add({ variables: { name: v.name.trim(), url: v.url.trim() } });
      toast({ icon: "success", content: "已添加，正在获取软件源" });
      form.resetFields();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <BottomSheet visible={visible} onClose={onClose}>
      <div className={styles.form} role="dialog" aria-label="添加软件源">
        <h2>添加软件源</h2>
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          footer={
            <Button block type="submit" color="primary" loading={loading}>
              添加
            </Button>
          }
        >
          <Form.Item
            name="name"
            label="名称"
            rules={[
              { required: true, message: "请填写名称" },
              { max: 100, message: "最多100个字符" },
            ]}
          >
            <Input placeholder="给这个软件源起个名字" clearable />
          </Form.Item>
          <Form.Item
            name="url"
            label="软件源地址"
            rules={[
              { required: true, message: "请填写地址" },
              { pattern: /^https?:\/\/\S+$/i, message: "请输入 http 或 https 开头的地址" },
            ]}
          >
            <Input placeholder="https://example.com/source.json" clearable inputMode="url" />
          </Form.Item>
        </Form>
        {error && <p className={styles.error}>{error}</p>}
        <p className={styles.note}>支持 AltStore、ESign 和 Scarlet 格式。私有软件源只有你自己能看到，最多 10 个。</p>
      </div>
    </BottomSheet>
  );
}
