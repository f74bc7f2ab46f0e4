import type { ReactNode } from "react";
import { SiteLogo } from "../../shared/ui/SiteLogo";
import styles from "./auth.module.css";

/** The card that frames the login, register and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className={styles.card}>
      <header className={styles.cardHead}>
        <SiteLogo size={56} />
        <h1 className={styles.cardTitle}>{title}</h1>
        <p className={styles.cardSubtitle}>{subtitle}</p>
      </header>
      {children}
    </section>
  );
}
