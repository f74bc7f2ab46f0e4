import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Descriptions, Space, type TableColumnsType } from "antd";
import { AdminTable } from "../common/AdminTable";
import { useState } from "react";
import { errorMessage } from "../../../shared/graphqlError";
import type { AdminStorageQuery as Overview, TestStorageConnectionMutation as TestResult } from "../../../gql/graphql";
import { AdminStorageQuery, TestStorageConnectionMutation } from "./operations";
import { formatBytes } from "./format";
import { MigrationCard } from "./MigrationCard";
import { SettingsForm } from "./SettingsForm";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";

type Usage = Overview["adminStorage"]["usage"][number];

/** What each stored kind holds, in the admin's words. */
const KIND_LABELS: Record<string, string> = {
  "private/unsigned": "用户上传的 IPA",
  "private/signed": "签名后的 IPA",
  "private/ipas": "应用库 IPA",
  "private/dylibs": "插件文件",
  "private/staging": "待保存的上传",
  "private/resources": "资源分享文件",
  "uploads/icons": "图标",
  "uploads/banners": "轮播图",
  "uploads/logos": "站点 Logo",
  "uploads/chat": "聊天图片",
};

/** The form starts again from the saved settings when they change (not when usage is refreshed). */
const settingsKey = (s: Overview["adminStorage"]) =>
  [
    s.backend,
    s.downloads,
    s.endpoint,
    s.region,
    s.bucket,
    s.accessKeyId,
    s.secretSet,
    s.forcePathStyle,
    s.publicUrl,
  ].join("|");

const columns: TableColumnsType<Usage> = [
  { title: "类型", dataIndex: "kind", render: (k: string) => KIND_LABELS[k] ?? k },
  { title: "文件数", dataIndex: "count", width: 90, align: "right" },
  { title: "大小", dataIndex: "bytes", width: 110, align: "right", render: (b: number) => formatBytes(b) },
];

/** 存储管理: the active backend and its settings (the secret key never shown), 测试连接, 迁移 local → S3, usage per kind. */
export function StoragePanel() {
  const { data, loading, error, refetch } = useQuery(AdminStorageQuery, { notifyOnNetworkStatusChange: true });
  const [test, { loading: testing }] = useMutation(TestStorageConnectionMutation);
  const [result, setResult] = useState<TestResult["testStorageConnection"] | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const s = data?.adminStorage;

  const runTest = async () => {
    setResult(null);
    setTestError(null);
    try {
      const r = await test();
      setResult(r.data?.testStorageConnection ?? null);
    } catch (e) {
      setTestError(errorMessage(e));
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {error && <Alert type="error" showIcon message={errorMessage(error)} />}
      <Panel
        title="存储后端"
        loading={loading && !s}
        extra={
          <Button type="primary" loading={testing} onClick={runTest}>
            测试连接
          </Button>
        }
      >
        {s && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="后端">
              {s.backend === "s3" ? <Tag color="blue">S3 对象存储</Tag> : <Tag>本地磁盘</Tag>}
            </Descriptions.Item>
            {s.backend === "s3" ? (
              <>
                <Descriptions.Item label="Endpoint">{s.endpoint || "AWS 默认"}</Descriptions.Item>
                <Descriptions.Item label="Region">{s.region}</Descriptions.Item>
                <Descriptions.Item label="Bucket">{s.bucket}</Descriptions.Item>
                <Descriptions.Item label="Access Key ID">{s.accessKeyId}</Descriptions.Item>
                <Descriptions.Item label="Secret Access Key">
                  {s.secretSet ? "已设置（不显示）" : "未设置"}
                </Descriptions.Item>
                <Descriptions.Item label="路径风格">
                  {s.forcePathStyle ? "Path-style（MinIO 等）" : "虚拟主机风格"}
                </Descriptions.Item>
                <Descriptions.Item label="公开访问域名">{s.publicUrl || "未设置（由服务器转发）"}</Descriptions.Item>
                <Descriptions.Item label="下载方式">
                  {s.downloads === "redirect" ? "跳转到签名链接（redirect）" : "经服务器转发（proxy）"}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label="存储目录">{s.directory}</Descriptions.Item>
            )}
          </Descriptions>
        )}
        {s && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            message={
              s.envSettings.length
                ? `环境变量设置的项（${s.envSettings.length} 项）以环境变量为准；其余可在下方修改，保存后所有服务器与 worker 立即生效。`
                : "可在下方修改，保存前先测试连接，保存后所有服务器与 worker 立即生效，无需重启。"
            }
          />
        )}
        {result && (
          <Alert
            style={{ marginTop: 12 }}
            type={result.ok ? "success" : "error"}
            showIcon
            message={result.ok ? "连接正常" : "连接失败"}
            description={`${result.message}（${result.ms} ms）`}
          />
        )}
        {testError && <Alert style={{ marginTop: 12 }} type="error" showIcon message={testError} />}
      </Panel>
      {s && (
        <Panel title="修改设置">
          <SettingsForm key={settingsKey(s)} s={s} onSaved={() => void refetch()} />
        </Panel>
      )}
      {s && (
        <MigrationCard
          backend={s.backend}
          localCount={s.localCount}
          localBytes={s.localBytes}
          migration={s.migration}
          onChanged={() => void refetch()}
        />
      )}
      <Panel title="存储用量" extra={<Button onClick={() => refetch()}>刷新</Button>}>
        <AdminTable<Usage>
          rowKey="kind"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={s?.usage ?? []}
          pagination={false}
          locale={{ emptyText: "还没有存储任何文件：上传应用、插件或图片后会在这里统计" }}
        />
      </Panel>
    </Space>
  );
}
