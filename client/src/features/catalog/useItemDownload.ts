import { useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { toast } from "../site/toast";
import { DownloadQuoteQuery } from "../wallet/operations";
import type { Grant, TrafficQuote } from "../wallet/TrafficFeeSheet";
import { downloadItem } from "./downloadItem";
import type { CatalogKind } from "./types";

/**
 * 下载 of a dylib or resource share: the traffic fee is asked first; a free download starts at once, a paid one opens
 * the confirm sheet (`quote`), whose grant starts it. A grant paid a moment ago is used again while it lives (no
 * second charge).
 */
export function useItemDownload(kind: CatalogKind, id: string) {
  const [downloading, setDownloading] = useState(false);
  const apollo = useApolloClient();
  const [quote, setQuote] = useState<TrafficQuote | null>(null);
  const [grant, setGrant] = useState<Grant | null>(null);
  const download = (g?: Grant) => {
    setDownloading(true);
    downloadItem(kind, id, g?.token)
      .catch((e: unknown) => toast({ icon: "fail", content: e instanceof Error ? e.message : "下载失败" }))
      .finally(() => setDownloading(false));
  };
  const start = () => {
    if (grant && grant.expiresAt - Date.now() > 5_000) return download(grant);
    setDownloading(true);
    apollo
      .query({ query: DownloadQuoteQuery, variables: { kind, id }, fetchPolicy: "network-only" })
      .then(({ data }) => {
        setDownloading(false);
        const q = data?.downloadQuote;
        if (q && q.fee > 0 && q.quoteId) setQuote({ fee: q.fee, fileSize: q.fileSize, quoteId: q.quoteId });
        else download();
      })
      .catch((e: unknown) => {
        setDownloading(false);
        toast({ icon: "fail", content: e instanceof Error ? e.message : "下载失败" });
      });
  };
  const granted = (g: Grant) => {
    setQuote(null);
    setGrant(g);
    download(g);
  };
  return { downloading, quote, dismissQuote: () => setQuote(null), start, granted };
}
