import { useEffect, useId, useState } from "react";
import { useLazyQuery, useMutation } from "@apollo/client/react";
import { Alert, Button, Space } from "antd";
import { api } from "../../../shared/request";
import ui from "../../../shared/ui/ui.module.css";
import { errorMessage } from "../../../shared/graphqlError";
import { CheckReport, type Report } from "./CheckReport";
import { STATUS_LABELS } from "./labels";
import { AdminCertificateCheckQuery, AdminCheckCertificateMutation } from "./operations";
import { Field, FilePick, Form, NumberInput, TextInput } from "../common/fields";
import fieldStyles from "../common/fields.module.css";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Text, Paragraph } from "../common/Text";

/** How often a check still running in the worker is asked about again. */
const POLL_MS = 1500;

/** 按证书ID检测: the worker checks the stored certificate; the full report when it finishes. */
export function CheckById() {
  const [id, setId] = useState<number | null>(null);
  const [idError, setIdError] = useState<string | null>(null);
  const [check, { loading }] = useMutation(AdminCheckCertificateMutation);
  const [poll, polled] = useLazyQuery(AdminCertificateCheckQuery, { fetchPolicy: "network-only" });
  const [task, setTask] = useState<{
    id: string;
    status: string;
    certificateName: string;
    username?: string | null;
    reason?: string | null;
    report?: unknown;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The worker answers within a few seconds; a check still running is asked about again until it finishes.
  useEffect(() => {
    if (!task || task.status !== "checking") return;
    const t = setTimeout(() => {
      void poll({ variables: { id: task.id } }).then((r) => r.data && setTask(r.data.adminCertificateCheck));
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [task, poll, polled.data]);

  const submit = async () => {
    if (id === null || Number.isNaN(id)) return setIdError("请输入证书ID");
    if (!Number.isInteger(id) || id < 1) return setIdError("证书ID须为正整数");
    setError(null);
    setTask(null);
    try {
      const { data } = await check({ variables: { id: String(id) } });
      setTask(data!.adminCheckCertificate);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Panel title="按证书ID检测">
      <Form className={fieldStyles.inlineForm} onSubmit={submit}>
        <Field inline label="证书ID" required error={idError}>
          {(fid) => (
            <NumberInput id={fid} style={{ width: 140 }} value={id} onChange={(v) => (setId(v), setIdError(null))} />
          )}
        </Field>
        <Button type="primary" htmlType="submit" loading={loading}>
          检测
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      {task && (
        <div style={{ marginTop: 16 }}>
          <Paragraph>
            <Space wrap>
              <span>{task.certificateName}</span>
              {task.username && <Text type="secondary">用户 {task.username}</Text>}
              <Tag color={STATUS_LABELS[task.status]?.color}>{STATUS_LABELS[task.status]?.text ?? task.status}</Tag>
            </Space>
          </Paragraph>
          {task.status === "checking" ? (
            <Space>
              <span className={ui.spinner} style={{ width: 20, height: 20 }} />
              <span role="status">后台正在检测…</span>
            </Space>
          ) : task.report ? (
            <CheckReport report={task.report as Report} />
          ) : (
            task.reason && <Alert type="warning" title={task.reason} />
          )}
        </div>
      )}
    </Panel>
  );
}

/** 上传证书检测: a .cer/.pem (or a .p12 with its password) and an optional profile, checked at once; nothing is kept. */
export function CheckByUpload() {
  const [certFile, setCertFile] = useState<File | null>(null);
  const [profile, setProfile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const isP12 = !!certFile && /\.(p12|pfx)$/i.test(certFile.name);

  const submit = async () => {
    if (!certFile) return setError("请选择证书文件");
    setBusy(true);
    setError(null);
    setReport(null);
    const form = new FormData();
    form.append(isP12 ? "p12" : "certificate", certFile, certFile.name);
    if (isP12) form.append("password", password);
    if (profile) form.append("mobileprovision", profile, profile.name);
    try {
      const r = await api.post<Report>("/api/admin/certificate-status-check/upload", form);
      setReport(r.data);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="上传证书检测">
      <Space direction="vertical" style={{ width: "100%" }}>
        <FilePick
          id={`${ids}-certificate`}
          accept=".cer,.crt,.pem,.der,.p12,.pfx"
          text="选择证书（.cer / .pem / .p12）"
          file={certFile}
          onChange={setCertFile}
        />
        {isP12 && (
          <TextInput
            type="password"
            autoComplete="off"
            placeholder="p12 密码"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-label="p12 密码"
            style={{ maxWidth: 320 }}
          />
        )}
        <FilePick
          id={`${ids}-profile`}
          accept=".mobileprovision"
          text="选择描述文件（可选）"
          file={profile}
          onChange={setProfile}
        />
        <Button type="primary" onClick={submit} loading={busy} disabled={!certFile}>
          开始检测
        </Button>
        {error && <Alert type="error" showIcon title={error} />}
        {report && <CheckReport report={report} />}
      </Space>
    </Panel>
  );
}
