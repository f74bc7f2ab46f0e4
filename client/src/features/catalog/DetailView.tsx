import { useCallback, useState } from "react";
import { Link, useLocation } from "react-router";

import { AuthDialogs } from "../auth/AuthDialogs";
import { useAuthDialogs } from "../auth/useAuthDialogs";
import { useSession } from "../auth/useSession";
import { usePageTitle } from "../site/useSiteInfo";
import { GridIcon } from "../../shared/ui/icons";
import { PurchaseStatusCard } from "./PurchaseStatusCard";
import { nextSteps } from "./nextSteps";
import { BoughtPopup, BuyButton } from "../wallet/BuyButton";
import { TrafficFeeSheet } from "../wallet/TrafficFeeSheet";
import { DetailHero } from "./DetailHero";
import { DetailInfo } from "./DetailInfo";
import { Skeleton } from "./DetailChrome";
import { SubPageTopBar } from "../../shared/ui/SubPageTopBar";
import { DOWNLOAD_PATH } from "./downloadItem";
import { NOUN } from "./nouns";
import { useItemDownload } from "./useItemDownload";
import type { DetailModel, DetailState } from "./useDetail";
import type { CatalogKind } from "./types";
import styles from "./detail.module.css";
import { BottomSheet } from "../../shared/ui/BottomSheet";

/** A loaded item: its head, what the user may do with it (buy, download, sign, inject), then its description. */
function Loaded({ item }: { item: DetailModel }) {
  const { token } = useSession();
  const { pathname } = useLocation();
  const dialogs = useAuthDialogs();
  const [usable, setUsable] = useState<boolean | null>(null);
  const [price, setPrice] = useState(0);
  const [reloadKey, setReloadKey] = useState(0);
  const [justBought, setJustBought] = useState(false);
  const dl = useItemDownload(item.kind, item.id);
  const onStatus = useCallback((ok: boolean, p: number) => {
    setUsable(ok);
    setPrice(p);
  }, []);
  const canDownload = !!DOWNLOAD_PATH[item.kind] && item.hasFile && token && usable;
  // An item the user may use (free or bought) with its package: 签名安装 opens the signing form with the app chosen,
  // 注入到应用 with the plugin ticked.
  const steps = item.hasFile && token && usable ? nextSteps(item.kind, item.id, true) : [];
  return (
    <>
      <DetailHero item={item} />

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
          <button type="button" className={styles.primaryButton} disabled={dl.downloading} onClick={dl.start}>
            {dl.downloading ? "正在下载..." : "下载"}
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
        <BottomSheet visible={!!dl.quote} onClose={dl.dismissQuote} destroyOnClose>
          {dl.quote && (
            <TrafficFeeSheet name={item.name} quote={dl.quote} onClose={dl.dismissQuote} onGranted={dl.granted} />
          )}
        </BottomSheet>
      </section>

      <DetailInfo item={item} />
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
      <SubPageTopBar title={name ?? `${noun}详情`} />
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
