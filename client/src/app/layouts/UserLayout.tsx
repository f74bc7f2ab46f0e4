import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSkeleton } from "../../shared/ui/PageSkeleton";
import { ChatLauncher } from "../../features/customer-service/ChatLauncher";
import { BottomNav } from "./BottomNav";
import { Header } from "./Header";
import styles from "./layout.module.css";

/** Users' pages: header, the page, the bottom navigation. */
export function UserLayout() {
  return (
    <div className={styles.app}>
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
