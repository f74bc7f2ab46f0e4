import { Tag } from "antd-mobile";
import type { SoftwareSourceAppFieldsFragment } from "../../gql/graphql";
import { AppIcon } from "../catalog/AppIcon";
import { formatFileSize } from "../../shared/format";
import { formatDay } from "./format";
import styles from "./sources.module.css";

/** Apps of one or several sources: icon, name, version, size, date, description, locked state. */
export function SourceAppList({
  apps,
  showSource,
  onOpen,
}: {
  apps: SoftwareSourceAppFieldsFragment[];
  showSource?: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className={styles.list} data-testid="source-apps">
      {apps.map((a, i) => (
        <li key={a.id}>
          <button type="button" className={styles.card} onClick={() => onOpen(a.id)} aria-label={a.name}>
            <AppIcon src={a.iconUrl} name={a.name} size={52} eager={i < 6} />
            <div className={styles.body}>
              <p className={styles.name}>
                <span>{a.name}</span>
                {a.locked && (
                  <Tag color="warning" fill="outline">
                    已加锁
                  </Tag>
                )}
              </p>
              <div className={styles.meta}>
                {a.version && <span>v{a.version}</span>}
                <span>{formatFileSize(a.size)}</span>
                {a.versionDate && <span>{formatDay(a.versionDate)}</span>}
                {showSource && <span>来自 {a.sourceName}</span>}
              </div>
              {a.description && <p className={styles.desc}>{a.description}</p>}
            </div>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The open app lives in the address (`?app=<id>`), so a shared link opens it and Back closes it. */
export function useOpenApp(
  params: URLSearchParams,
  setParams: (p: URLSearchParams, o?: { replace?: boolean }) => void,
) {
  const appId = params.get("app");
  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("app", id);
    setParams(next);
  };
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete("app");
    setParams(next, { replace: true });
  };
  return { appId, open, close };
}
