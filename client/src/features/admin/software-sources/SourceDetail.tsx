import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Button, Popconfirm, Space, type TableColumnsType } from "antd";
import { SearchBox } from "../common/SearchBox";
import type { AdminSoftwareSourceAppsQuery, AdminSoftwareSourceQuery as DetailResult } from "../../../gql/graphql";
import { formatFileSize } from "../../../shared/format";
import { errorMessage } from "../../../shared/graphqlError";
import { BusinessDateTime } from "../common/businessTime";
import { Descriptions } from "../common/Descriptions";
import { NameCell } from "../common/cells";
import { AdminTable } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { usePaging } from "../common/usePaging";
import { FORMAT_NAMES, OutcomeTag, StatusTag } from "./labels";
import {
  AdminDeleteSoftwareSourceMutation,
  AdminRefreshSoftwareSourceMutation,
  AdminSoftwareSourceAppsQuery as AppsQuery,
  AdminSoftwareSourceQuery,
} from "./operations";
import { Panel } from "../common/Panel";
import { Tag } from "../common/Tag";
import { Text } from "../common/Text";

type Fetch = DetailResult["adminSoftwareSourceFetches"][number];
type SourceApp = AdminSoftwareSourceAppsQuery["softwareSourceApps"]["items"][number];

/** One source: its settings and document fields, the last fetch's problem, the fetch log and its apps. */
export function SourceDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const act = useAdminAction();
  const { data, error, refetch } = useQuery(AdminSoftwareSourceQuery, {
    variables: { id },
    fetchPolicy: "network-only",
  });
  const s = data?.adminSoftwareSource;
  // While the first fetch is under way, look again every 2 s.
  useQuery(AdminSoftwareSourceQuery, {
    variables: { id },
    skip: s?.status !== "pending",
    pollInterval: 2000,
    fetchPolicy: "network-only",
  });
  const [refresh, refreshing] = useMutation(AdminRefreshSoftwareSourceMutation);
  const [remove] = useMutation(AdminDeleteSoftwareSourceMutation);
  if (!s)
    return error ? (
      <Panel>
        <Alert type="error" showIcon title={errorMessage(error)} />
      </Panel>
    ) : (
      <Panel loading />
    );

  const fetchColumns: TableColumnsType<Fetch> = [
    { title: "时间", dataIndex: "startedAt", width: 150, render: (v: string) => <BusinessDateTime value={v} /> },
    { title: "结果", dataIndex: "outcome", width: 80, render: (o: string) => <OutcomeTag outcome={o} /> },
    { title: "HTTP", dataIndex: "httpStatus", width: 64, render: (v: number | null) => v ?? "-" },
    { title: "耗时", dataIndex: "durationMs", width: 80, render: (v: number) => `${v} ms` },
    { title: "大小", dataIndex: "bytes", width: 90, render: (v: number) => (v ? formatFileSize(v) : "-") },
    { title: "应用", dataIndex: "appCount", width: 64, render: (v: number | null) => v ?? "-" },
    {
      title: "说明",
      key: "msg",
      render: (_, f) =>
        f.errorMessage ? (
          <Text type="danger">{f.errorMessage}</Text>
        ) : f.warningCount ? (
          `${f.warningCount} 个字段问题`
        ) : (
          "-"
        ),
    },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Panel
        title={s.name}
        extra={
          <Space wrap>
            <Button onClick={() => navigate("/admin/software-sources")}>返回列表</Button>
            <Button onClick={() => navigate(`/admin/software-sources/${s.id}/edit`)}>编辑</Button>
            {s.url && (
              <Button
                loading={refreshing.loading}
                onClick={() => act(() => refresh({ variables: { id: s.id } }).then(() => refetch()), "已开始刷新")}
              >
                立即刷新
              </Button>
            )}
            <Popconfirm
              title="删除这个软件源及其应用列表？"
              okText="删除"
              cancelText="取消"
              onConfirm={() =>
                act(() => remove({ variables: { id: s.id } }).then(() => navigate("/admin/software-sources")), "已删除")
              }
            >
              <Button danger>删除</Button>
            </Popconfirm>
          </Space>
        }
      >
        {s.status === "failed" && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={`最近一次获取失败（${s.lastErrorCode}）：${s.lastError}`}
            description={s.lastSuccessAt ? "用户看到的是上次成功获取的内容。" : "还没有成功获取过。"}
          />
        )}
        <Descriptions
          columns={2}
          bordered
          items={[
            {
              key: "status",
              label: "状态",
              children: (
                <>
                  <StatusTag status={s.status} /> {s.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}
                </>
              ),
            },
            { key: "format", label: "格式", children: s.format ? FORMAT_NAMES[s.format] : "-" },
            {
              key: "url",
              label: "地址",
              wide: true,
              children: s.url ? <Text copyable>{s.url}</Text> : "上传的内容（不自动刷新）",
            },
            { key: "apps", label: "应用数", children: s.appCount },
            { key: "refresh", label: "刷新间隔", children: `${s.refreshMinutes} 分钟` },
            { key: "private", label: "允许内网地址", children: s.allowPrivate ? "是" : "否" },
            { key: "fetched", label: "最近获取", children: <BusinessDateTime value={s.lastFetchAt} /> },
            { key: "ok", label: "最近成功", children: <BusinessDateTime value={s.lastSuccessAt} /> },
            { key: "docName", label: "源内名称", children: s.docName || "-" },
            { key: "identifier", label: "标识", children: s.identifier || "-" },
            ...(s.payUrl ? [{ key: "pay", label: "购买地址", children: s.payUrl }] : []),
            ...(s.unlockUrl ? [{ key: "unlock", label: "解锁地址", children: s.unlockUrl }] : []),
            { key: "desc", label: "简介", wide: true, children: s.description || "-" },
          ]}
        />
        {s.warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 16 }}
            title={`${s.warnings.length} 个字段无法识别（已跳过或留空）`}
            description={
              <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflow: "auto" }}>
                {s.warnings.map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            }
          />
        )}
      </Panel>
      <Panel title="获取记录">
        <AdminTable<Fetch>
          rowKey="id"
          size="small"
          columns={fetchColumns}
          dataSource={data.adminSoftwareSourceFetches}
          pagination={false}
        />
      </Panel>
      <SourceApps id={s.id} fetchId={data?.adminSoftwareSourceFetches[0]?.id ?? null} />
    </Space>
  );
}

/**
 * The source's apps. `fetchId` is its newest fetch: when another fetch lands (the first one finishing after the page
 * opened, or 刷新), the list is read again, so it never stays at what the source held before.
 */
function SourceApps({ id, fetchId }: { id: string; fetchId: string | null }) {
  const { search: q, page, pageSize, onSearch, pagination } = usePaging();
  const { data, loading, error, refetch } = useQuery(AppsQuery, {
    variables: { sourceId: id, page, pageSize, q: q || null },
  });
  const seenFetch = useRef(fetchId);
  useEffect(() => {
    if (seenFetch.current === fetchId) return;
    seenFetch.current = fetchId;
    void refetch();
  }, [fetchId, refetch]);
  const list = data?.softwareSourceApps;
  const columns: TableColumnsType<SourceApp> = [
    {
      title: "应用",
      key: "name",
      width: 240,
      render: (_, a) => <NameCell icon={a.iconUrl} name={a.name} sub={a.bundleId || undefined} />,
    },
    { title: "版本", dataIndex: "version", width: 90, render: (v: string) => v || "-" },
    { title: "大小", dataIndex: "size", width: 100, render: (v: number | null) => formatFileSize(v) },
    { title: "日期", dataIndex: "versionDate", width: 110, render: (v: string | null) => (v ? v.slice(0, 10) : "-") },
    { title: "分类", dataIndex: "category", width: 90, render: (v: string) => v || "-" },
    {
      title: "加锁",
      dataIndex: "locked",
      width: 64,
      render: (v: boolean) => (v ? <Tag color="orange">是</Tag> : "否"),
    },
    {
      title: "下载",
      dataIndex: "downloadUrl",
      width: 80,
      render: (u: string) =>
        u ? (
          <a href={u} target="_blank" rel="noreferrer noopener">
            链接
          </a>
        ) : (
          "-"
        ),
    },
  ];
  return (
    <Panel
      title={`应用（${list?.total ?? 0}）`}
      extra={<SearchBox placeholder="名称或 Bundle ID" onSearch={onSearch} style={{ width: 240 }} />}
    >
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <AdminTable
        columns={columns}
        dataSource={list?.items ?? []}
        loading={loading}
        pagination={pagination(list?.total ?? 0, { unit: "个", sizes: false })}
      />
    </Panel>
  );
}
