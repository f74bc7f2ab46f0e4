import { useEffect, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Card, Select, Space, Typography } from "antd";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { SetSoftwareSourceFeedCategoriesMutation, SoftwareSourceFeedQuery } from "./operations";

/** 发布本站软件源: which categories /sources/altstore.json and /sources/esign.json carry (none chosen = all). */
export function FeedSettings() {
  const { data, error } = useQuery(SoftwareSourceFeedQuery, { fetchPolicy: "network-only" });
  const [save, { loading }] = useMutation(SetSoftwareSourceFeedCategoriesMutation);
  const act = useAdminAction();
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    if (data) setIds(data.softwareSourceFeedCategories.map(String));
  }, [data]);
  const options = (data?.categories ?? []).filter((c) => /^\d+$/.test(c.id)).map((c) => ({ value: c.id, label: c.displayName || c.name }));
  const origin = window.location.origin;
  return (
    <Card title="发布本站软件源" style={{ marginTop: 16 }}>
      <LoadError error={error} />
      <Typography.Paragraph>
        AltStore 源：<Typography.Text copyable>{`${origin}/sources/altstore.json`}</Typography.Text>
        <br />
        ESign 源：<Typography.Text copyable>{`${origin}/sources/esign.json`}</Typography.Text>
      </Typography.Paragraph>
      <Space wrap>
        <Select mode="multiple" allowClear style={{ minWidth: 280 }} placeholder="全部分类" options={options} value={ids} onChange={setIds} aria-label="发布的分类" />
        <Button type="primary" loading={loading} onClick={() => act(() => save({ variables: { ids } }), "已保存")}>
          保存
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        不选分类时发布全部上架的应用。应用的下载链接指向本站的应用页面，下载仍按本站的购买和流量费规则进行。
      </Typography.Paragraph>
    </Card>
  );
}
