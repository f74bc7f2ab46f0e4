import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "@apollo/client/react";
import { Button, SearchBar } from "antd-mobile";
import { RightOutline } from "antd-mobile-icons";
import { AppIcon } from "../features/catalog/AppIcon";
import { SignableAppsQuery } from "../features/signing/operations";
import { usePageTitle } from "../features/site/useSiteInfo";
import { errorMessage } from "../shared/graphqlError";
import { formatFileSize } from "../shared/format";
import styles from "../features/signing/signing.module.css";

const PAGE = 20;

function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={styles.skeletonRow}>
          <span className={styles.shimmer} style={{ width: 48, height: 48, borderRadius: 11 }} />
          <div className={styles.skeletonText}>
            <span className={styles.shimmer} style={{ width: "50%", height: 15 }} />
            <span className={styles.shimmer} style={{ width: "70%", height: 12 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * /app-signature: the catalogue apps the user may sign (free, or bought; with an IPA), searchable; each opens the
 * signing form on /signature with that app (and the certificate chosen there, `?cert=`).
 */
export default function AppSignaturePage() {
  usePageTitle("选择签名应用");
  const [params] = useSearchParams();
  const cert = params.get("cert");
  // Plugins ticked on /signature (注入到应用 of a dylib) stay ticked when the app is chosen here.
  const dylibs = params.get("dylib");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [shown, setShown] = useState(PAGE);
  // Searches 300 ms after the last keystroke.
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed.trim());
      setShown(PAGE);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, previousData, loading, error } = useQuery(SignableAppsQuery, {
    variables: { search: search || undefined, page: 1, pageSize: shown },
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const page = (data ?? previousData)?.signableApps;
  const target = (id: string) =>
    `/signature?app=${id}${cert ? `&cert=${encodeURIComponent(cert)}` : ""}${dylibs ? `&dylib=${encodeURIComponent(dylibs)}` : ""}`;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="app-signature-title">
        <div className={styles.head}>
          <h1 id="app-signature-title" className={styles.title}>
            选择签名应用
          </h1>
          <Link to="/signature" className={styles.headLink}>
            上传 IPA
          </Link>
        </div>
        <p className={styles.hint}>可签名免费应用和已购买的应用，选择后进入签名设置。</p>
        <div className={styles.search}>
          <SearchBar
            placeholder="搜索应用名称或 Bundle ID"
            value={typed}
            onChange={setTyped}
            style={{ "--height": "44px" }}
          />
        </div>
        {error && !page && <p className={styles.error}>{errorMessage(error)}</p>}
        {!page && loading && <ListSkeleton />}
        {page && page.items.length === 0 && (
          <p className={styles.empty}>
            {search ? "没有找到匹配的应用" : "暂无可签名的应用，免费应用或购买后的应用会出现在这里"}
          </p>
        )}
        {page && page.items.length > 0 && (
          <ul className={styles.apps} data-testid="signable-apps">
            {page.items.map((a) => (
              <li key={a.id}>
                <Link to={target(a.id)} className={styles.appLink} data-testid="signable-app">
                  <AppIcon src={a.iconUrl} name={a.name} size={48} />
                  <div className={styles.appText}>
                    <div className={styles.appName}>
                      {a.name}
                      {a.bought && (
                        <span className={styles.badge} style={{ marginLeft: 6 }}>
                          已购买
                        </span>
                      )}
                    </div>
                    <div className={styles.mono}>{a.bundleId}</div>
                    <div className={styles.mono}>
                      {a.version ? `v${a.version} · ` : ""}
                      {formatFileSize(a.size)}
                    </div>
                  </div>
                  <span className={styles.linkButton}>
                    签名 <RightOutline />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {page && page.items.length < page.total && (
          <div className={styles.more}>
            <Button
              fill="none"
              color="primary"
              loading={loading}
              onClick={() => setShown((n) => n + PAGE)}
              style={{ minHeight: 44 }}
            >
              加载更多
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
