import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Button, SearchBar, Skeleton } from "antd-mobile";
import { usePageTitle } from "../features/site/useSiteInfo";
import { SearchSoftwareSourceAppsQuery } from "../features/software-sources/operations";
import { SourceAppList, useOpenApp } from "../features/software-sources/SourceAppList";
import { SourceAppSheet } from "../features/software-sources/SourceAppSheet";
import styles from "../features/software-sources/sources.module.css";
import { errorMessage } from "../shared/graphqlError";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

const PAGE = 20;

/** /software-source/search: apps of every source by name or bundle id (`?q=`); an app opens in a sheet. */
export default function SoftwareSourceSearchPage() {
  usePageTitle("搜索软件源");
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [text, setText] = useState(q);
  const [pageSize, setPageSize] = useState(PAGE);
  const { appId, open, close } = useOpenApp(params, setParams);
  const { data, loading, error } = useQuery(SearchSoftwareSourceAppsQuery, {
    variables: { q, page: 1, pageSize },
    skip: !q,
    fetchPolicy: "cache-and-network",
  });
  const list = q ? data?.searchSoftwareSourceApps : undefined;
  useEffect(() => setText(q), [q]);
  const search = (value: string) => {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set("q", value.trim());
    else next.delete("q");
    next.delete("app");
    setPageSize(PAGE);
    setParams(next, { replace: !!q });
  };
  return (
    <div>
      <div className={styles.topBarFrame}>
        <SubPageTopBar title="搜索软件源" />
      </div>
      <div className={styles.page}>
        <SearchBar
          placeholder="应用名称或 Bundle ID"
          value={text}
          onChange={setText}
          onSearch={search}
          onClear={() => search("")}
          autoFocus={!q}
          aria-label="搜索软件源中的应用"
        />
        {!q && <p className={styles.empty}>输入应用名称或 Bundle ID，在所有软件源中搜索</p>}
        {q && error && !list && <p className={styles.error}>{errorMessage(error)}</p>}
        {q && !list && loading && (
          <div aria-busy="true" aria-label="加载中" style={{ marginTop: 12 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} animated style={{ height: 80, borderRadius: 16, marginBottom: 10 }} />
            ))}
          </div>
        )}
        {list && (
          <h2 className={styles.sectionTitle}>
            <span>
              搜索结果 <small>共 {list.total} 个</small>
            </span>
          </h2>
        )}
        {list && list.items.length === 0 && <p className={styles.empty}>没有找到「{q}」相关的应用</p>}
        {list && list.items.length > 0 && <SourceAppList apps={list.items} showSource onOpen={open} />}
        {list && list.total > list.items.length && (
          <Button
            className={styles.more}
            block
            fill="none"
            loading={loading}
            onClick={() => setPageSize((n) => Math.min(n + PAGE, 100))}
          >
            加载更多
          </Button>
        )}
      </div>
      <SourceAppSheet appId={appId} onClose={close} />
    </div>
  );
}
