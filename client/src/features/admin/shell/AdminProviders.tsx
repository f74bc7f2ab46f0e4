import type { ReactNode } from "react";
import { ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import { usePrefersReducedMotion } from "../../../shared/reducedMotion";
import { FeedbackProvider } from "./feedback";
import styles from "./admin.module.css";

const FONT =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif';

/**
 * antd in Chinese with the back office's look; the users' themes never reach it. Dialogs, drawers and menus open
 * without their zoom and slide where the system asks for reduced motion. Toasts and confirmations come from
 * FeedbackProvider (useFeedback), which loads antd's message and Modal after the page.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: "#1677ff", borderRadius: 8, fontFamily: FONT, motion } }}
    >
      <FeedbackProvider>
        <div className={styles.app} style={{ fontFamily: FONT }}>
          {children}
        </div>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
