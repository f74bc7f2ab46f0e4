import { useEffect, useRef, useState, type HTMLAttributes } from "react";
import { Button, Tooltip } from "antd";
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from "@ant-design/icons";
import { useApolloClient } from "@apollo/client/react";
import type { TypedDocumentNode } from "@apollo/client";
import styles from "./common.module.css";
import { idsBefore, reorderBlocked } from "./pagedOrder";
import { useAdminAction } from "./useAdminAction";
import { useCompact } from "./useCompact";

/** Moves the item at `from` to `to` (both indexes into `list`); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Reordering of the rows a table shows: a drag handle (HTML5 drag and drop, for a mouse) and up / down buttons
 * (for touch and keyboard). Every move is persisted at once through `persist(ids)`, ids in their new order with
 * the first on top; the rows show the new order right away and go back if saving fails.
 */
export function useRowOrder<T extends { id: string }>(
  rows: readonly T[],
  persist: (ids: string[]) => Promise<boolean>,
  blocked?: string | null,
) {
  const [local, setLocal] = useState<T[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [over, setOver] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  // touch screens cannot drag: phones get the buttons only
  const compact = useCompact();

  // fresh rows from the server replace the local order
  useEffect(() => setLocal(null), [rows]);

  const ordered = local ?? (rows as T[]);

  async function move(from: number, to: number) {
    if (blocked || saving || from === to || to < 0 || to >= ordered.length) return;
    const next = moveItem(ordered, from, to);
    setLocal(next);
    setSaving(true);
    const ok = await persist(next.map((r) => r.id));
    setSaving(false);
    if (!ok) setLocal(null);
  }

  /** Props for each table row (antd Table onRow): drop target of the drag handle. */
  function rowProps(record: T): HTMLAttributes<HTMLElement> {
    return {
      className: over === record.id ? styles.dropTarget : undefined,
      onDragOver: (e) => {
        if (!dragged.current) return;
        e.preventDefault();
        if (over !== record.id) setOver(record.id);
      },
      onDragLeave: () => setOver((o) => (o === record.id ? null : o)),
      onDrop: (e) => {
        e.preventDefault();
        const from = ordered.findIndex((r) => r.id === dragged.current);
        const to = ordered.findIndex((r) => r.id === record.id);
        dragged.current = null;
        setOver(null);
        if (from >= 0 && to >= 0) void move(from, to);
      },
    };
  }

  /** The 排序 cell: drag handle plus 上移 / 下移. */
  function controls(record: T, index: number) {
    if (blocked)
      return (
        <Tooltip title={blocked}>
          <span className={styles.orderCell} style={{ color: "#bfbfbf" }} aria-label={blocked}>
            <HolderOutlined />
          </span>
        </Tooltip>
      );
    return (
      <span className={styles.orderCell}>
        {!compact && (
          <span
            className={styles.dragHandle}
            draggable={!saving}
            aria-label="拖动排序"
            title="拖动排序"
            onDragStart={(e) => {
              dragged.current = record.id;
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", record.id);
            }}
            onDragEnd={() => {
              dragged.current = null;
              setOver(null);
            }}
          >
            <HolderOutlined />
          </span>
        )}
        <Tooltip title="上移">
          <Button
            size="small"
            type="text"
            aria-label="上移"
            icon={<ArrowUpOutlined />}
            disabled={saving || index === 0}
            onClick={() => void move(index, index - 1)}
          />
        </Tooltip>
        <Tooltip title="下移">
          <Button
            size="small"
            type="text"
            aria-label="下移"
            icon={<ArrowDownOutlined />}
            disabled={saving || index === ordered.length - 1}
            onClick={() => void move(index, index + 1)}
          />
        </Tooltip>
      </span>
    );
  }

  return { rows: ordered, rowProps, controls, saving, width: compact ? 72 : 110 };
}

/**
 * useRowOrder for a paginated list: moves on page N save the ids of the pages before it first (fetched through
 * `idsQuery`), then reload; blocked while a search or filter is active or beyond the server's limit.
 */
export function usePagedRowOrder<T extends { id: string }, D>(
  rows: readonly T[],
  {
    page,
    pageSize,
    filtered,
    idsQuery,
    pickIds,
    reorder,
    reload,
  }: {
    page: number;
    pageSize: number;
    filtered: boolean;
    idsQuery: TypedDocumentNode<D, { page: number; pageSize: number }>;
    pickIds: (data: D) => readonly { id: string }[];
    reorder: (ids: string[]) => Promise<unknown>;
    reload: () => Promise<unknown>;
  },
) {
  const act = useAdminAction();
  const client = useApolloClient();
  return useRowOrder(
    rows,
    (ids) =>
      act(async () => {
        const before = await idsBefore(page, pageSize, async (p, size) => {
          const res = await client.query({
            query: idsQuery,
            variables: { page: p, pageSize: size },
            fetchPolicy: "network-only",
          });
          return res.data ? pickIds(res.data).map((i) => i.id) : [];
        });
        await reorder([...before, ...ids]);
        await reload();
      }, "排序已保存"),
    reorderBlocked(page, pageSize, filtered),
  );
}
