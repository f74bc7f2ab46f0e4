import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSkeleton } from "../../shared/ui/PageSkeleton";
import { UdidTipGate } from "../../features/udid/UdidTipGate";
import { ChatLauncher } from "../../features/customer-service/ChatLauncher";
import { BottomNav } from "./BottomNav";
import { Header } from "./Header";
import styles from "./layout.module.css";

/** Users' pages: the UDID tip (when it applies), header, the page, the bottom navigation. */
export function UserLayout() {
  return (
    <div className={styles.app}>
      <UdidTipGate />
      <Header />
      <main className={styles.main}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      <ChatLauncher />
    </div>
  );
}
