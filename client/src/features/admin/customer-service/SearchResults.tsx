import { Modal } from "antd";
import type { CsMessageFieldsFragment } from "../../../gql/graphql";
import { chatTime } from "../../customer-service/time";
import styles from "./console.module.css";

/** 消息搜索结果: the messages that matched, each opening its session. */
export function SearchResults({
  loading,
  found,
  onOpen,
  onClose,
}: {
  loading: boolean;
  found: CsMessageFieldsFragment[];
  onOpen: (sessionId: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal open title="消息搜索结果" footer={null} onCancel={onClose} width={640}>
      {loading ? (
        <p className={styles.note}>搜索中…</p>
      ) : !found.length ? (
        <p className={styles.note}>没有找到消息</p>
      ) : (
        <ul className={styles.list}>
          {found.map((m) => (
            <li key={m.id}>
              <button type="button" className={styles.sessionItem} onClick={() => onOpen(m.sessionId)}>
                <span className={styles.itemTitle}>{`${m.senderName} · ${chatTime(m.createdAt)}`}</span>
                <span className={styles.itemText}>{m.content}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
