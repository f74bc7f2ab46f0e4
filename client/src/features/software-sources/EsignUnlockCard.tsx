import { useQuery } from "@apollo/client/react";
import { Button, Skeleton } from "antd-mobile";
import { copyWithToast } from "../site/clipboard";
import { errorMessage } from "../../shared/graphqlError";
import { EsignUnlockQuery } from "./operations";
import styles from "./sources.module.css";

/**
 * The signed-in user's ESign unlock code: typed into ESign's unlock box for a locked app of this site's ESign source,
 * it unlocks that phone for every paid app the user bought here.
 */
export function EsignUnlockCard() {
  const { data, loading, error } = useQuery(EsignUnlockQuery, { fetchPolicy: "cache-and-network" });
  const unlock = data?.esignUnlock;
  return (
    <div className={styles.header} data-testid="esign-unlock">
      <div className={styles.body}>
        <p className={styles.unlockTitle}>ESign 解锁码</p>
        {!unlock && loading && <Skeleton animated style={{ height: 24, borderRadius: 8 }} />}
        {error && !unlock && <p className={styles.error}>{errorMessage(error)}</p>}
        {unlock && (
          <>
            <p className={styles.unlockCode}>{unlock.code}</p>
            <p className={styles.unlockDesc}>
              在 ESign 中添加本站的 ESign 源，点上锁的应用并输入此解锁码，即可下载你在本站购买的应用。
              {unlock.devices.length > 0 ? `已解锁 ${unlock.devices.length} 台设备。` : "还没有设备用它解锁。"}
            </p>
            <div className={styles.headerActions}>
              <Button size="small" onClick={() => void copyWithToast(unlock.code, "解锁码已复制")}>
                复制解锁码
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
