import { useEffect, useState } from "react";
import { useApolloClient } from "@apollo/client/react";
import { ContactQuery } from "./operations";

export const CONTACT_FAILED = "获取联系信息失败";

interface ContactInfo {
  wechat: string;
  qq: string;
  email: string;
}

export type ContactState = { state: "loading" } | { state: "failed" } | { state: "loaded"; contact: ContactInfo };

/** The public contact settings (`contact`). */
export function useContact(): ContactState {
  const client = useApolloClient();
  const [state, setState] = useState<ContactState>({ state: "loading" });
  useEffect(() => {
    let live = true;
    client
      .query({ query: ContactQuery, fetchPolicy: "network-only" })
      .then(({ data }) => live && setState(data ? { state: "loaded", contact: data.contact } : { state: "failed" }))
      .catch(() => live && setState({ state: "failed" }));
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}
