import { useMutation, useQuery } from "@apollo/client/react";
import { Badge, Button, Skeleton } from "antd-mobile";
import { Link } from "react-router";
import { formatDateTime } from "../../shared/format";
import { errorMessage } from "../../shared/graphqlError";
import accountStyles from "../account/account.module.css";
import styles from "./notifications.module.css";
import { MarkNotificationsReadMutation, MyNotificationsQuery } from "./operations";

/** 站内消息 on /profile: the user's site messages (e.g. a certificate found revoked), newest first; read one or all. */
export function NotificationsCard() {
  const { data, loading, error, refetch } = useQuery(MyNotificationsQuery, {
    variables: { page: 1, pageSize: 10 },
    fetchPolicy: "cache-and-network",
  });
  const [mark, marking] = useMutation(MarkNotificationsReadMutation);
  const list = data?.myNotifications;
  const read = async (id?: string) => {
    await mark({ variables: { id: id ?? null } });
    await refetch();
  };

  return (
    <section id="notifications" className={accountStyles.card} aria-labelledby="notifications-title">
      <h2 id="notifications-title" className={accountStyles.cardTitle}>
        <Badge content={list?.unread ? list.unread : null}>
          <span>站内消息</span>
        </Badge>
      </h2>
      {!list && loading && <Skeleton.Paragraph lineCount={3} animated />}
      {error && !list && (
        <p className={styles.empty} role="alert">
          {errorMessage(error)}
        </p>
      )}
      {list && list.total === 0 && <p className={styles.empty}>暂无消息</p>}
      {list?.items.map((n) => (
        <article key={n.id} className={`${styles.item} ${n.readAt ? "" : styles.unread}`} data-testid="notification">
          <div className={styles.head}>
            <h3 className={styles.title}>{n.title}</h3>
          </div>
          <p className={styles.body}>{n.body}</p>
          <div className={styles.meta}>
            <span>{formatDateTime(n.createdAt)}</span>
            <span>
              {n.link && (
                <Link to={n.link} onClick={() => !n.readAt && void read(n.id)}>
                  查看
                </Link>
              )}
              {!n.readAt && (
                <Button
                  size="small"
                  fill="none"
                  color="primary"
                  onClick={() => void read(n.id)}
                  loading={marking.loading}
                >
                  标为已读
                </Button>
              )}
            </span>
          </div>
        </article>
      ))}
      {!!list?.unread && list.unread > 1 && (
        <Button block size="middle" onClick={() => void read()} loading={marking.loading}>
          全部标为已读
        </Button>
      )}
    </section>
  );
}
