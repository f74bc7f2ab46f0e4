import type { ReactNode } from "react";
import { Col, Row, Statistic } from "antd";
import { Panel } from "../common/Panel";
import { CrownOutlined, StopOutlined, TeamOutlined, UserAddOutlined } from "@ant-design/icons";
import styles from "./dashboard.module.css";

interface Stats {
  totalUsers: number;
  adminUsers: number;
  disabledUsers: number;
  newUsersToday: number;
}

const CARDS: { key: keyof Stats; title: string; icon: ReactNode; color: string }[] = [
  { key: "totalUsers", title: "用户总数", icon: <TeamOutlined />, color: "#1677ff" },
  { key: "newUsersToday", title: "今日新增", icon: <UserAddOutlined />, color: "#52c41a" },
  { key: "adminUsers", title: "管理员", icon: <CrownOutlined />, color: "#fa8c16" },
  { key: "disabledUsers", title: "已禁用", icon: <StopOutlined />, color: "#f5222d" },
];

/** The user figures of the dashboard; skeleton cards while loading. */
export function StatCards({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {CARDS.map((c) => (
        <Col key={c.key} xs={12} lg={6}>
          <Panel className={styles.statCard} loading={loading && !stats}>
            <div className={styles.statBody}>
              <Statistic title={c.title} value={stats?.[c.key] ?? 0} />
              <span className={styles.statIcon} style={{ color: c.color, background: `${c.color}14` }}>
                {c.icon}
              </span>
            </div>
          </Panel>
        </Col>
      ))}
    </Row>
  );
}
