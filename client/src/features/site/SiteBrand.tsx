import { useState } from "react";
import { normalizeImagePath } from "../../shared/image";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import { useSiteInfo } from "./useSiteInfo";
import styles from "./site.module.css";

/** The header's logo and site name from the site settings; the built-in mark and name when unset. */
export function SiteBrand({ nameClassName }: { nameClassName: string }) {
  const site = useSiteInfo();
  const [failed, setFailed] = useState<string | null>(null);
  const logo = site.siteLogo ? normalizeImagePath(site.siteLogo, "") : "";
  return (
    <>
      {logo && failed !== logo ? (
        <img
          className={styles.logo}
          src={logo}
          alt=""
          width={32}
          height={32}
          style={{ borderRadius: 9 }}
          onError={() => setFailed(logo)}
        />
      ) : (
        <SiteLogo size={32} inverse />
      )}
      <span className={nameClassName}>{site.siteName}</span>
    </>
  );
}
