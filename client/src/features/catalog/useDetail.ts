import { useCallback, useEffect, useState } from "react";
import type { ApolloClient } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { errorCode, errorMessage } from "../../shared/graphqlError";
import type { ErrorCode } from "../../shared/errorCode";

import { AppDetailQuery, DylibDetailQuery, ResourceShareDetailQuery } from "./operations";
import type { CatalogKind } from "./types";

/** Answers that mean "no such item" for a detail page: the catalogue's own code, an unknown id, a malformed id. */
const MISSING = new Set<ErrorCode>(["CATALOG_ITEM_NOT_FOUND", "NOT_FOUND", "BAD_REQUEST"]);

/** What a detail page shows, whatever the kind of item. */
export interface DetailModel {
  kind: CatalogKind;
  id: string;
  name: string;
  icon: string;
  version: string;
  size: number;
  updatedAt: string;
  description: string;
  bundleId: string;
  /** Prices in yuan: one for an app; resource fee and traffic fee for dylibs and resource shares. */
  /** `text` stands in for the amount where there is no fixed one (a traffic fee charged by file size). */
  fees: { label: string; value: number; text?: string }[];
  facts: { label: string; value: string }[];
  tags: string[];
  hasFile: boolean;
}

export type DetailState =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "error"; message: string }
  | { status: "loaded"; item: DetailModel };

/** Ids the server cannot have: refused before asking. */
function isPlausibleId(id: string | undefined): id is string {
  return !!id && /^\d{1,10}$/.test(id);
}

const count = (n: number) => `${n} 次`;

/** What a dylib and a resource share have in common: a file with a resource fee and a traffic fee. */
interface FileItem {
  id: string;
  name: string;
  icon: string;
  version: string;
  fileSize: number;
  updatedAt: string;
  description: string;
  bundleId: string;
  resourceFee: number;
  trafficFee: number;
  hasFile: boolean;
}

function fileItem(kind: CatalogKind, f: FileItem): Omit<DetailModel, "facts" | "tags"> {
  return {
    kind,
    id: f.id,
    name: f.name,
    icon: f.icon,
    version: f.version,
    size: f.fileSize,
    updatedAt: f.updatedAt,
    description: f.description,
    bundleId: f.bundleId,
    fees: [
      { label: "资源费", value: f.resourceFee },
      // No fee of its own: the traffic fee follows the file size and is shown before any charge (features/wallet).
      { label: "流量费", value: f.trafficFee, text: f.trafficFee > 0 ? undefined : "按文件大小" },
    ],
    hasFile: f.hasFile,
  };
}

/** Reads an item of any kind and shapes it for the detail page; null or undefined when there is none. */
async function fetchDetail(
  client: ApolloClient,
  kind: CatalogKind,
  id: string,
): Promise<DetailModel | null | undefined> {
  const options = { variables: { id }, fetchPolicy: "network-only" as const };
  if (kind === "DYLIB") {
    const d = (await client.query({ query: DylibDetailQuery, ...options })).data?.dylib;
    return (
      d && {
        ...fileItem(kind, d),
        facts: [
          { label: "作者", value: d.author },
          { label: "分类", value: d.category },
          { label: "下载次数", value: count(d.downloadCount) },
        ],
        tags: d.tags,
      }
    );
  }
  if (kind === "RESOURCE_SHARE") {
    const r = (await client.query({ query: ResourceShareDetailQuery, ...options })).data?.resourceShare;
    return r && { ...fileItem(kind, r), facts: [{ label: "下载次数", value: count(r.downloadCount) }], tags: [] };
  }
  const a = (await client.query({ query: AppDetailQuery, ...options })).data?.app;
  return (
    a && {
      kind,
      id: a.id,
      name: a.name,
      icon: a.icon,
      version: a.version,
      size: a.size,
      updatedAt: a.updatedAt,
      description: a.description,
      bundleId: a.bundleId,
      fees: [{ label: "价格", value: a.price }],
      facts: [
        { label: "分类", value: a.categoryName ?? "" },
        { label: "最低系统", value: a.minOsVersion ? `iOS ${a.minOsVersion}` : "" },
        { label: "关键词", value: a.keywords },
      ],
      tags: [],
      hasFile: a.hasIpa,
    }
  );
}

/** An item by kind and id; a missing, switched-off or malformed id is "missing", not an error. */
export function useDetail(kind: CatalogKind, id: string | undefined) {
  const client = useApolloClient();
  const [state, setState] = useState<DetailState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isPlausibleId(id)) {
      setState({ status: "missing" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    const done = (item: DetailModel | null | undefined) =>
      live && setState(item ? { status: "loaded", item } : { status: "missing" });
    const fail = (e: unknown) => {
      if (!live) return;
      const code = errorCode(e);
      if (code && MISSING.has(code)) setState({ status: "missing" });
      else setState({ status: "error", message: errorMessage(e) });
    };
    fetchDetail(client, kind, id).then(done, fail);
    return () => {
      live = false;
    };
  }, [client, kind, id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
