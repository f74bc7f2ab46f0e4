import { useEffect, useState } from "react";
import { loadPublicConfigs, type OAuthPublicConfig } from "./api";

/** The enabled providers of the public OAuth config (empty until loaded, and when none is enabled). */
export function useOAuthProviders(): OAuthPublicConfig[] {
  const [configs, setConfigs] = useState<OAuthPublicConfig[]>([]);
  useEffect(() => {
    let live = true;
    void loadPublicConfigs().then((c) => live && setConfigs(c));
    return () => {
      live = false;
    };
  }, []);
  return configs;
}
