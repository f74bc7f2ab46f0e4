import { useState } from "react";
import { Alert, Form, Input } from "antd";
import { FilePickItem } from "../common/FilePickItem";
import { FormModal } from "../common/FormModal";
import { errorMessage } from "../../../shared/graphqlError";
import { request } from "../../../shared/request";
import type { AdminMallOrdersQuery } from "../../../gql/graphql";

type Task = Pick<AdminMallOrdersQuery["adminMallOrders"]["items"][number], "id" | "orderNo" | "udid">;

/** 人工交付: the p12, its password and a profile that provisions the order's device, sent as multipart. */
export function DeliverModal({ task, onClose, onDone }: { task: Task; onClose: () => void; onDone: () => void }) {
  const [p12, setP12] = useState<File | null>(null);
  const [profile, setProfile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function submit() {
    setError(undefined);
    if (!p12 || !profile) return setError("请选择 .p12 证书文件和 .mobileprovision 描述文件");
    const form = new FormData();
    form.append("password", password);
    form.append("p12", p12, p12.name);
    form.append("mobileprovision", profile, profile.name);
    setBusy(true);
    try {
      await request(`/api/admin/cert-tasks/${task.id}/deliver`, { method: "POST", body: form });
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormModal title={`人工交付：${task.orderNo}`} okText="交付" onFinish={submit} loading={busy} onClose={onClose}>
      <p>
        设备 UDID：<code>{task.udid}</code>（描述文件须包含此设备）
      </p>
      <FilePickItem label="证书文件" accept=".p12" file={p12} onChange={setP12} />
      <Form.Item label="证书密码">
        <Input.Password value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="off" />
      </Form.Item>
      <FilePickItem label="描述文件" accept=".mobileprovision" file={profile} onChange={setProfile} />
      {error && <Alert type="error" showIcon title={error} />}
    </FormModal>
  );
}
