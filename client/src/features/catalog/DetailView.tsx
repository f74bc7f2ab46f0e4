import { useCallback, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useApolloClient } from "@apollo/client/react";
import { Popup } from "antd-mobile";
import { AuthDialogs } from "../auth/AuthDialogs";
import { useAuthDialogs } from "../auth/useAuthDialogs";
import { useSession } from "../auth/useSession";
import { usePageTitle } from "../site/useSiteInfo";
import { toast } from "../site/toast";
import { formatDateTime, formatFileSize, formatPrice } from "../../shared/format";
import { session } from "../../shared/session";
import { AppIcon } from "./AppIcon";
import { BackIcon, GridIcon } from "./icons";
import { PurchaseStatusCard } from "./PurchaseStatusCard";
import { nextSteps } from "./nextSteps";
import { BoughtPopup, BuyButton } from "../wallet/BuyButton";
import { DownloadQuoteQuery } from "../wallet/operations";
import { TrafficFeeSheet, type Grant, type TrafficQuote } from "../wallet/TrafficFeeSheet";
import type { DetailModel, DetailState } from "./useDetail";
import type { CatalogKind } from "./types";
import styles from "./detail.module.css";

const NOUN: Record<CatalogKind, string> = { APP: "应用", DYLIB: "动态库", RESOURCE_SHARE: "资源" };

function TopBar({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <div className={styles.topBar}>
      <button
        type="button"
        className={styles.back}
        aria-label="返回"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
      >
        <BackIcon />
      </button>
      <h1>{title}</h1>
    </div>
  );
}

function Skeleton() {
  return (
    <div aria-busy="true" aria-label="加载中">
      <section className={styles.hero}>
        <span className={`${styles.shimmer} ${styles.iconSkeleton}`} />
        <div className={styles.heroText}>
          <span className={styles.shimmer} style={{ width: "60%", height: 20 }} />
          <span className={styles.shimmer} style={{ width: "40%", height: 14 }} />
          <span className={styles.shimmer} style={{ width: "30%", height: 14 }} />
        </div>
      </section>
      <section className={styles.card}>
        <span className={styles.shimmer} style={{ width: "90%", height: 14 }} />
        <span className={styles.shimmer} style={{ width: "75%", height: 14 }} />
        <span className={styles.shimmer} style={{ width: "82%", height: 14 }} />
      </section>
    </div>
  );
}

const DOWNLOAD_PATH: Partial<Record<CatalogKind, string>> = {
  DYLIB: "/api/dylib-management/download/",
  RESOURCE_SHARE: "/api/resource-shares/download/",
};

/**
 * Downloads a dylib or a resource share through its REST route (logged-in; free or bought; with the grant of a paid
 * traffic fee when there is one), keeping the server's file name.
 */
async function downloadItem(kind: CatalogKind, id: string, grant?: string): Promise<void> {
  const token = session.get().token;
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  const res = await fetch(`${DOWNLOAD_PATH[kind]}${encodeURIComponent(id)}${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    let message = "下载失败";
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the generic text
    }
    throw new Error(message);
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = utf8 ? decodeURIComponent(utf8) : (/filename="([^"]+)"/i.exec(disposition)?.[1] ?? `dylib-${id}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Loaded({ item }: { item: DetailModel }) {
  const { token } = useSession();
  const { pathname } = useLocation();
  const dialogs = useAuthDialogs();
  const [usable, setUsable] = useState<boolean | null>(null);
  const [price, setPrice] = useState(0);
  const [reloadKey, setReloadKey] = useState(0);
  const [justBought, setJustBought] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const apollo = useApolloClient();
  const [quote, setQuote] = useState<TrafficQuote | null>(null);
  const [grant, setGrant] = useState<Grant | null>(null);
  const download = (g?: Grant) => {
    setDownloading(true);
    downloadItem(item.kind, item.id, g?.token)
      .catch((e: unknown) => toast({ icon: "fail", content: e instanceof Error ? e.message : "下载失败" }))
      .finally(() => setDownloading(false));
  };
  // 下载: ask the traffic fee first; a free download starts at once, a paid one opens the confirm sheet. A grant
  // paid a moment ago is used again while it lives (no second charge).
  const startDownload = () => {
    if (grant && grant.expiresAt - Date.now() > 5_000) return download(grant);
    setDownloading(true);
    apollo
      .query({ query: DownloadQuoteQuery, variables: { kind: item.kind, id: item.id }, fetchPolicy: "network-only" })
      .then(({ data }) => {
        setDownloading(false);
        const q = data?.downloadQuote;
        if (q && q.fee > 0 && q.quoteId) setQuote({ fee: q.fee, fileSize: q.fileSize, quoteId: q.quoteId });
        else download();
      })
      .catch((e: unknown) => {
        setDownloading(false);
        toast({ icon: "fail", content: e instanceof Error ? e.message : "下载失败" });
      });
  };
  const onStatus = useCallback((ok: boolean, p: number) => {
    setUsable(ok);
    setPrice(p);
  }, []);
  const facts = item.facts.filter((f) => f.value);
  const canDownload = !!DOWNLOAD_PATH[item.kind] && item.hasFile && token && usable;
  // An item the user may use (free or bought) with its package: 签名安装 opens the signing form with the app chosen,
  // 注入到应用 with the plugin ticked.
  const steps = item.hasFile && token && usable ? nextSteps(item.kind, item.id, true) : [];
  return (
    <>
      <section className={styles.hero}>
        <AppIcon src={item.icon} name={item.name} size={84} eager />
        <div className={styles.heroText}>
          <h2 className={styles.name}>{item.name}</h2>
          <p className={styles.sub}>{item.bundleId || NOUN[item.kind]}</p>
          <div className={styles.fees}>
            {item.hasFile ? (
              item.fees.map((f) => (
                <span key={f.label} className={styles.fee}>
                  {f.label} <strong>{f.text ?? `¥${formatPrice(f.value)}`}</strong>
                </span>
              ))
            ) : (
              // Nothing to deliver: not sold (the server refuses with CATALOG_ITEM_NO_PACKAGE), so no price either.
              <span className={styles.fee} data-testid="no-package">
                <strong>暂无安装包</strong>
              </span>
            )}
          </div>
        </div>
      </section>

      <section className={styles.stats} aria-label="基本信息">
        <div>
          <strong>{item.version || "-"}</strong>
          <span>版本</span>
        </div>
        <div>
          <strong>{formatFileSize(item.size)}</strong>
          <span>大小</span>
        </div>
        <div>
          <strong>{formatDateTime(item.updatedAt).slice(0, 10)}</strong>
          <span>更新日期</span>
        </div>
      </section>

      <section className={styles.card}>
        {token ? (
          <PurchaseStatusCard kind={item.kind} id={item.id} onStatus={onStatus} reloadKey={reloadKey} />
        ) : (
          <div className={styles.statusRow}>
            <span className={styles.statusLabel}>购买状态</span>
            <span className={`${styles.statusValue} ${styles.statusPending}`}>登录后查看</span>
            <button type="button" className={styles.inlineButton} onClick={() => dialogs.openLogin(pathname)}>
              登录
            </button>
          </div>
        )}
        {!item.hasFile && (
          <p className={styles.noPackage}>该{NOUN[item.kind]}暂无安装包，暂不能购买或使用，请稍后再来看看。</p>
        )}
        {token && usable === false && price > 0 && item.hasFile && (
          <BuyButton
            kind={item.kind}
            id={item.id}
            name={item.name}
            price={price}
            onBought={() => (setReloadKey((k) => k + 1), setJustBought(true))}
          />
        )}
        {canDownload && (
          <button type="button" className={styles.primaryButton} disabled={downloading} onClick={startDownload}>
            {downloading ? "正在下载..." : "下载"}
          </button>
        )}
        {steps.map((s) => (
          <Link key={s.to} to={s.to} className={styles.primaryButton} data-testid={s.testId}>
            {s.label}
          </Link>
        ))}
        <BoughtPopup
          visible={justBought}
          kind={item.kind}
          id={item.id}
          name={item.name}
          onClose={() => setJustBought(false)}
        />
        <Popup
          visible={!!quote}
          onMaskClick={() => setQuote(null)}
          bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
          destroyOnClose
        >
          {quote && (
            <TrafficFeeSheet
              name={item.name}
              quote={quote}
              onClose={() => setQuote(null)}
              onGranted={(g) => {
                setQuote(null);
                setGrant(g);
                download(g);
              }}
            />
          )}
        </Popup>
      </section>

      <section className={styles.card}>
        <h3 className={styles.cardTitle}>简介</h3>
        <p className={styles.description}>{item.description || "暂无简介"}</p>
        {item.tags.length > 0 && (
          <div className={styles.tags}>
            {item.tags.map((t) => (
              <span key={t}>{t}</span>
            ))}
          </div>
        )}
      </section>

      <section className={styles.card}>
        <h3 className={styles.cardTitle}>信息</h3>
        <dl className={styles.facts}>
          <div>
            <dt>Bundle ID</dt>
            <dd>{item.bundleId || "-"}</dd>
          </div>
          <div>
            <dt>版本</dt>
            <dd>{item.version || "-"}</dd>
          </div>
          <div>
            <dt>大小</dt>
            <dd>{formatFileSize(item.size)}</dd>
          </div>
          <div>
            <dt>更新时间</dt>
            <dd>{formatDateTime(item.updatedAt)}</dd>
          </div>
          {facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <AuthDialogs dialogs={dialogs} />
    </>
  );
}

/** A detail page of an app, dylib or resource share: skeleton, the item, 不存在, or an error with retry. */
export function DetailView({ kind, state, retry }: { kind: CatalogKind; state: DetailState; retry: () => void }) {
  const noun = NOUN[kind];
  const name = state.status === "loaded" ? state.item.name : null;
  usePageTitle(name ?? `${noun}详情`);
  return (
    <div className={styles.page}>
      <TopBar title={name ?? `${noun}详情`} />
      {state.status === "loading" && <Skeleton />}
      {state.status === "loaded" && <Loaded item={state.item} />}
      {state.status === "missing" && (
        <div className={styles.state}>
          <GridIcon />
          <h2>{noun}不存在</h2>
          <p>该{noun}可能已下架或链接有误</p>
          <Link to="/" className={styles.primaryButton}>
            返回首页
          </Link>
        </div>
      )}
      {state.status === "error" && (
        <div className={styles.state} role="alert">
          <GridIcon />
          <h2>加载失败</h2>
          <p>{state.message}</p>
          <button type="button" className={styles.primaryButton} onClick={retry}>
            重试
          </button>
        </div>
      )}
    </div>
  );
}
