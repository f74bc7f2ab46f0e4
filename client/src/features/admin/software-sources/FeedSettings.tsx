import { useEffect, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Popconfirm, Space } from "antd";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import {
  ResetSoftwareSourceFeedLinksMutation,
  SetSoftwareSourceFeedCategoriesMutation,
  SoftwareSourceFeedQuery,
} from "./operations";
import { Panel } from "../common/Panel";
import { Text, Paragraph } from "../common/Text";
import styles from "./feed.module.css";

/** 发布本站软件源: which categories /sources/altstore.json and /sources/esign.json carry (none chosen = all). */
export function FeedSettings() {
  const { data, error } = useQuery(SoftwareSourceFeedQuery, { fetchPolicy: "network-only" });
  const [save, { loading }] = useMutation(SetSoftwareSourceFeedCategoriesMutation);
  const [resetLinks, { loading: resetting }] = useMutation(ResetSoftwareSourceFeedLinksMutation);
  const act = useAdminAction();
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    if (data) setIds(data.softwareSourceFeedCategories.map(String));
  }, [data]);
  const options = (data?.categories ?? [])
    .filter((c) => /^\d+$/.test(c.id))
    .map((c) => ({ value: c.id, label: c.displayName || c.name }));
  const origin = window.location.origin;
  return (
    <Panel title="发布本站软件源" style={{ marginTop: 16 }}>
      <LoadError error={error} />
      <Paragraph>
        AltStore 源：<Text copyable>{`${origin}/sources/altstore.json`}</Text>
        <br />
        ESign 源：<Text copyable>{`${origin}/sources/esign.json`}</Text>
      </Paragraph>
      <Space wrap align="start">
        <select
          multiple
          className={styles.categories}
          size={Math.min(Math.max(options.length, 2), 8)}
          value={ids}
          onChange={(e) => setIds([...e.target.selectedOptions].map((o) => o.value))}
          aria-label="发布的分类"
        >
          {options.map((o) => (
            <option
              key={o.value}
              value={o.value}
              // A click picks or drops one category, as antd's multiple Select did (no Ctrl needed).
              onMouseDown={(e) => {
                e.preventDefault();
                e.currentTarget.parentElement?.focus();
                setIds((old) => (old.includes(o.value) ? old.filter((v) => v !== o.value) : [...old, o.value]));
              }}
            >
              {o.label}
            </option>
          ))}
        </select>
        <Button type="primary" loading={loading} onClick={() => act(() => save({ variables: { ids } }), "已保存")}>
          保存
        </Button>
      </Space>
      <Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        不选分类时发布全部上架的应用。只发布有安装包的应用：免费应用带 IPA
        直链（长期有效，下载计入应用的下载次数和流量）；付费应用不进 AltStore 源，在 ESign
        源中上锁，用户在本站购买后用自己的解锁码在 ESign 中解锁。
      </Paragraph>
      <Space wrap style={{ marginTop: 12 }}>
        <Popconfirm
          title="重置下载链接"
          description="已发出的所有 IPA 直链立即失效，客户端刷新软件源后得到新链接。"
          okText="重置"
          cancelText="取消"
          onConfirm={() => act(() => resetLinks(), "下载链接已重置")}
        >
          <Button danger loading={resetting}>
            重置下载链接
          </Button>
        </Popconfirm>
      </Space>
    </Panel>
  );
}
