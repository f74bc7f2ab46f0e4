import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Button, Skeleton } from "antd-mobile";
import { SearchOutline } from "antd-mobile-icons";
import { useSession } from "../features/auth/useSession";
import { copyWithToast } from "../features/site/clipboard";
import { usePageTitle } from "../features/site/useSiteInfo";
import { AddSourceSheet } from "../features/software-sources/AddSourceSheet";
import { EsignUnlockCard } from "../features/software-sources/EsignUnlockCard";
import { altstoreLink } from "../features/software-sources/format";
import { SoftwareSourcesQuery } from "../features/software-sources/operations";
import { SourceCard } from "../features/software-sources/SourceCard";
import styles from "../features/software-sources/sources.module.css";
import { errorMessage } from "../shared/graphqlError";

/** /software-source (软件源): the site's sources and the user's private ones, search across them, and this site as a source. */
export default function SoftwareSourcePage() {
  usePageTitle("软件源");
  const navigate = useNavigate();
  const { user } = useSession();
  const [adding, setAdding] = useState(false);
  const { data, loading, error, startPolling, stopPolling } = useQuery(SoftwareSourcesQuery, {
    fetchPolicy: "cache-and-network",
  });
  const sources = data?.softwareSources;
  // A source just added is fetched in the background: look again every 2 s until it has been.
  const pending = !!sources?.some((s) => s.status === "pending");
  useEffect(() => {
    if (!pending) return;
    startPolling(2000);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);
  const feed = (name: string) => `${window.location.origin}/sources/${name}.json`;
  return (
    <div className={styles.page}>
      <button type="button" className={styles.searchEntry} onClick={() => navigate("/software-source/search")}>
        <SearchOutline aria-hidden />
        搜索所有软件源中的应用
      </button>

      <h2 className={styles.sectionTitle}>
        <span>软件源 {sources && <small>共 {sources.length} 个</small>}</span>
        {user && (
          <Button size="small" color="primary" fill="outline" onClick={() => setAdding(true)}>
            添加软件源
          </Button>
        )}
      </h2>
      {error && !sources && <p className={styles.error}>{errorMessage(error)}</p>}
      {/* One row while loading: about the height of the empty text, so the block below moves little either way. */}
      {!sources && loading && (
        <div aria-busy="true" aria-label="加载中">
          <Skeleton animated style={{ height: 72, borderRadius: 16, marginBottom: 10 }} />
        </div>
      )}
      {sources && sources.length === 0 && <p className={styles.empty}>暂无软件源</p>}
      {sources && sources.length > 0 && (
        <ul className={styles.list} data-testid="sources">
          {sources.map((s, i) => (
            <li key={s.id}>
              <SourceCard source={s} eager={i < 6} />
            </li>
          ))}
        </ul>
      )}

      <h2 className={styles.sectionTitle}>
        <span>本站软件源</span>
      </h2>
      <div className={styles.feedBlocks}>
        <div className={styles.header}>
          <div className={styles.body}>
            <p className={styles.desc}>
              把本站的免费应用添加到 AltStore、SideStore 中直接安装；ESign 源还含付费应用，购买后用解锁码解锁。
            </p>
            <div className={styles.headerActions}>
              <Button
                size="small"
                color="primary"
                onClick={() => void (window.location.href = altstoreLink(feed("altstore")))}
              >
                添加到 AltStore
              </Button>
              <Button size="small" onClick={() => void copyWithToast(feed("altstore"), "AltStore 源地址已复制")}>
                复制 AltStore 源
              </Button>
              <Button size="small" onClick={() => void copyWithToast(feed("esign"), "ESign 源地址已复制")}>
                复制 ESign 源
              </Button>
            </div>
          </div>
        </div>
        {user && <EsignUnlockCard />}
      </div>
      {user && <AddSourceSheet visible={adding} onClose={() => setAdding(false)} />}
    </div>
  );
}
