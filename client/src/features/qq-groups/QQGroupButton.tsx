import { lazy, Suspense, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { DialogPanel, EmptyState } from "../../shared/ui/DialogPanel";
import { QQGroupIcon } from "../../shared/ui/icons";
import { QQ_TEXTS } from "./copyGroupNumber";
import { QQGroupsQuery } from "./operations";
import type { QQGroup } from "./types";
import styles from "./qq.module.css";

const QQGroupList = lazy(() => import("./QQGroupList"));

type Load = { state: "loading" } | { state: "failed" } | { state: "loaded"; groups: QQGroup[] };

function Loading() {
  return (
    <div className={styles.loading} role="status" aria-label="加载中">
      <span className={styles.spinner} />
    </div>
  );
}

/** The header's QQ-group button and its dialog; the groups are read each time it opens. */
export function QQGroupButton({ buttonClassName }: { buttonClassName: string }) {
  const client = useApolloClient();
  const [visible, setVisible] = useState(false);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const open = () => {
    setVisible(true);
    setLoad((l) => (l.state === "loaded" ? l : { state: "loading" }));
    client
      .query({ query: QQGroupsQuery, fetchPolicy: "network-only" })
      .then(({ data }) => setLoad(data ? { state: "loaded", groups: data.qqGroups } : { state: "failed" }))
      .catch(() => setLoad((l) => (l.state === "loaded" ? l : { state: "failed" })));
  };
  let body;
  if (load.state === "loading") body = <Loading />;
  else if (load.state === "failed") body = <EmptyState icon={<QQGroupIcon />} text={QQ_TEXTS.loadFailed} />;
  else if (load.groups.length === 0) body = <EmptyState icon={<QQGroupIcon />} text={QQ_TEXTS.empty} />;
  else
    body = (
      <Suspense fallback={<Loading />}>
        <QQGroupList groups={load.groups} />
      </Suspense>
    );
  return (
    <>
      <button type="button" className={buttonClassName} aria-label="QQ群" onClick={open}>
        <QQGroupIcon />
      </button>
      <DialogPanel title="加入QQ群" label="加入QQ群" visible={visible} onClose={() => setVisible(false)} width="82vw">
        {body}
      </DialogPanel>
    </>
  );
}
