import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, SearchBar, Skeleton } from "antd-mobile";
import { confirmDialog } from "../shared/ui/confirm";
import { AppIcon } from "../features/catalog/AppIcon";
import { Pagination } from "../features/catalog/Pagination";
import { copyWithToast } from "../features/site/clipboard";
import { toast } from "../features/site/toast";
import { usePageTitle } from "../features/site/useSiteInfo";
import { altstoreLink, formatDay, FORMAT_LABELS } from "../features/software-sources/format";
import {
  RefreshSoftwareSourceMutation,
  RemoveSoftwareSourceMutation,
  SoftwareSourceAppsQuery,
  SoftwareSourceQuery,
  SoftwareSourcesQuery,
} from "../features/software-sources/operations";
import { SourceAppList, useOpenApp } from "../features/software-sources/SourceAppList";
import { SourceAppSheet } from "../features/software-sources/SourceAppSheet";
import styles from "../features/software-sources/sources.module.css";
import { errorMessage } from "../shared/graphqlError";
import { formatRelativeTime } from "../shared/format";
import { SubPageTopBar } from "../shared/ui/SubPageTopBar";

/** /software-source/{id}/apps: one source's apps with paging and a filter; an app opens in a sheet. */
export default function SoftwareSourceAppsPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [pageSize, setPageSize] = useState(20);
  const [q, setQ] = useState(params.get("q") ?? "");
  const { appId, open, close } = useOpenApp(params, setParams);
  const source = useQuery(SoftwareSourceQuery, { variables: { id } });
  const apps = useQuery(SoftwareSourceAppsQuery, {
    variables: { sourceId: id, page, pageSize, q: params.get("q") || null },
    fetchPolicy: "cache-and-network",
  });
  const [remove] = useMutation(RemoveSoftwareSourceMutation, { refetchQueries: [SoftwareSourcesQuery] });
  const [refresh, refreshing] = useMutation(RefreshSoftwareSourceMutation);
  const s = source.data?.softwareSource;
  usePageTitle(s?.name ?? "软件源");
  const list = apps.data?.softwareSourceApps;
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  // The filter applies after typing stops.
  useEffect(() => {
    if ((params.get("q") ?? "") === q.trim()) return;
    const t = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (q.trim()) next.set("q", q.trim());
      else next.delete("q");
      next.delete("page");
      setParams(next, { replace: true });
    }, 300);
    return () => clearTimeout(t);
  }, [q]); // params are read fresh when the timer fires

  if (source.error && !s) {
    return (
      <div>
        <div className={styles.topBarFrame}>
          <SubPageTopBar title="软件源" />
        </div>
        <p className={styles.error}>{errorMessage(source.error)}</p>
      </div>
    );
  }
  const address = s?.url ?? s?.sourceUrl ?? "";
  return (
    <div>
      <div className={styles.topBarFrame}>
        <SubPageTopBar title={s?.name ?? "软件源"} />
      </div>
      <div className={styles.page}>
        {!s ? (
          <Skeleton animated style={{ height: 120, borderRadius: 16 }} />
        ) : (
          <section className={styles.header} aria-label="软件源信息">
            <AppIcon src={s.iconUrl} name={s.name} size={56} eager />
            <div className={styles.body}>
              <p className={styles.name}>
                <span>{s.name}</span>
              </p>
              <div className={styles.meta}>
                <span>{s.appCount} 个应用</span>
                {s.format && <span>{FORMAT_LABELS[s.format]}</span>}
                {s.lastSuccessAt && <span>更新于 {formatRelativeTime(s.lastSuccessAt)}</span>}
              </div>
              {s.status === "failed" && (
                <p className={`${styles.desc} ${styles.warn}`}>
                  最近一次更新失败：{s.lastError}
                  {s.lastSuccessAt ? "（显示的是上次获取的内容）" : ""}
                </p>
              )}
              {s.description && <p className={styles.desc}>{s.description}</p>}
              <div className={styles.headerActions}>
                {address && (
                  <Button size="small" onClick={() => void copyWithToast(address, "源地址已复制")}>
                    复制源地址
                  </Button>
                )}
                {address && s.format === "altstore" && (
                  <Button size="small" onClick={() => void (window.location.href = altstoreLink(address))}>
                    添加到 AltStore
                  </Button>
                )}
                {s.isPrivate && (
                  <>
                    <Button
                      size="small"
                      loading={refreshing.loading}
                      onClick={() =>
                        refresh({ variables: { id: s.id } })
                          .then(() => toast({ icon: "success", content: "已开始刷新" }))
                          .catch((e: unknown) => toast({ icon: "fail", content: errorMessage(e) }))
                      }
                    >
                      刷新
                    </Button>
                    <Button
                      size="small"
                      color="danger"
                      fill="outline"
                      onClick={async () => {
                        if (
                          !(await confirmDialog({
                            title: "删除软件源",
                            content: `确定删除「${s.name}」吗？`,
                            cancelText: "取消",
                            confirmText: "删除",
                          }))
                        )
                          return;
                        try {
                          await remove({ variables: { id: s.id } });
                          void navigate("/software-source", { replace: true });
                        } catch (e) {
                          toast({ icon: "fail", content: errorMessage(e) });
                        }
                      }}
                    >
                      删除
                    </Button>
                  </>
                )}
              </div>
            </div>
          </section>
        )}

        {s && s.news.length > 0 && (
          <section aria-label="软件源动态">
            <h2 className={styles.sectionTitle}>
              <span>动态</span>
            </h2>
            <ul className={styles.list}>
              {s.news.slice(0, 3).map((n, i) => (
                <li key={i} className={styles.header}>
                  <div className={styles.body}>
                    <p className={styles.name}>
                      <span>{n.title}</span>
                    </p>
                    <div className={styles.meta}>{n.date && <span>{formatDay(n.date)}</span>}</div>
                    {n.caption && <p className={styles.desc}>{n.caption}</p>}
                    {n.url && (
                      <a className={styles.newsLink} href={n.url} target="_blank" rel="noopener noreferrer">
                        查看详情
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}

        <SearchBar
          className={styles.filter}
          placeholder="在此软件源中搜索名称或 Bundle ID"
          value={q}
          onChange={setQ}
          aria-label="在此软件源中搜索"
        />
        {apps.error && !list && <p className={styles.error}>{errorMessage(apps.error)}</p>}
        {!list && apps.loading && (
          <div aria-busy="true" aria-label="加载中">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} animated style={{ height: 80, borderRadius: 16, marginBottom: 10 }} />
            ))}
          </div>
        )}
        {list && list.items.length === 0 && (
          <p className={styles.empty}>{params.get("q") ? "没有找到匹配的应用" : "这个软件源还没有应用"}</p>
        )}
        {list && list.items.length > 0 && <SourceAppList apps={list.items} onOpen={open} />}
        {list && list.total > 0 && (
          <div className={styles.more}>
            <Pagination
              total={list.total}
              page={page}
              pageSize={pageSize}
              onPageChange={setPage}
              onPageSizeChange={(n) => (setPageSize(n), setPage(1))}
            />
          </div>
        )}
      </div>
      <SourceAppSheet appId={appId} onClose={close} />
    </div>
  );
}
