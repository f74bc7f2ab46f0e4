import { lazy, Suspense, useEffect, useState } from "react";
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

/**
 * The QQ-group dialog (its own chunk, loaded when the header's button is first pressed). The groups are read each
 * time it opens (`opened` counts the openings).
 */
export default function QQGroupDialog({
  visible,
  opened,
  onClose,
}: {
  visible: boolean;
  opened: number;
  onClose: () => void;
}) {
  const client = useApolloClient();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    if (opened === 0) return;
    let live = true;
    setLoad((l) => (l.state === "loaded" ? l : { state: "loading" }));
    client
      .query({ query: QQGroupsQuery, fetchPolicy: "network-only" })
      .then(({ data }) => live && setLoad(data ? { state: "loaded", groups: data.qqGroups } : { state: "failed" }))
      .catch(() => live && setLoad((l) => (l.state === "loaded" ? l : { state: "failed" })));
    return () => {
      live = false;
    };
  }, [client, opened]);
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
    <DialogPanel title="加入QQ群" label="加入QQ群" visible={visible} onClose={onClose} width="82vw">
      {body}
    </DialogPanel>
  );
}
