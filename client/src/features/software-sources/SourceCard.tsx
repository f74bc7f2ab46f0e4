import { Link } from "react-router";
import { Tag } from "antd-mobile";
import type { SoftwareSourceFieldsFragment } from "../../gql/graphql";
import { AppIcon } from "../catalog/AppIcon";
import { formatRelativeTime } from "../../shared/format";
import { FORMAT_LABELS } from "./format";
import styles from "./sources.module.css";

/** A source in the list: icon, name, app count, last update; a failed last fetch is said (the last good copy shows). */
export function SourceCard({ source, eager }: { source: SoftwareSourceFieldsFragment; eager?: boolean }) {
  return (
    <Link to={`/software-source/${source.id}/apps`} className={styles.card} aria-label={source.name}>
      <AppIcon src={source.iconUrl} name={source.name} size={48} eager={eager} />
      <div className={styles.body}>
        <p className={styles.name}>
          <span>{source.name}</span>
          {source.isPrivate && (
            <Tag color="primary" fill="outline">
              私有
            </Tag>
          )}
          {source.format && <Tag fill="outline">{FORMAT_LABELS[source.format] ?? source.format}</Tag>}
        </p>
        <div className={styles.meta}>
          <span>{source.appCount} 个应用</span>
          {source.lastSuccessAt ? (
            <span>更新于 {formatRelativeTime(source.lastSuccessAt)}</span>
          ) : (
            <span>{source.status === "failed" ? "获取失败" : "正在获取…"}</span>
          )}
          {source.status === "failed" && source.lastSuccessAt && <span className={styles.warn}>最近一次更新失败</span>}
        </div>
        {source.description && <p className={styles.desc}>{source.description}</p>}
      </div>
    </Link>
  );
}
