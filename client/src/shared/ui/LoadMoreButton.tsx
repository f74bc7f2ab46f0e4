import { Button } from "antd-mobile";

/** 加载更多 under a paged list, while the list holds fewer items than its total. */
export function LoadMoreButton({
  page,
  loading,
  onMore,
}: {
  page: { total: number; items: readonly unknown[] } | null | undefined;
  loading: boolean;
  onMore: () => void;
}) {
  if (!page || page.total <= page.items.length) return null;
  return (
    <Button block fill="none" size="small" loading={loading} onClick={onMore}>
      加载更多
    </Button>
  );
}
