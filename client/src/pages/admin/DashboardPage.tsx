import { useQuery } from "@apollo/client/react";
import { Alert, Col, Row, Skeleton } from "antd";
import { Panel } from "../../features/admin/common/Panel";
import { AdminDashboardQuery } from "../../features/admin/dashboard/operations";
import { RegistrationsChart } from "../../features/admin/dashboard/RegistrationsChart";
import { RevenueChart } from "../../features/admin/dashboard/RevenueChart";
import { StatCards } from "../../features/admin/dashboard/StatCards";
import { WorkerStatusCard } from "../../features/admin/dashboard/WorkerStatusCard";
import { errorMessage } from "../../shared/graphqlError";

const DAYS = 14;

export default function DashboardPage() {
  const { data, loading, error } = useQuery(AdminDashboardQuery, { variables: { days: DAYS } });
  const stats = data?.adminDashboard;
  return (
    <Row gutter={[16, 16]}>
      {error && (
        <Col span={24}>
          <Alert type="error" showIcon title={errorMessage(error)} />
        </Col>
      )}
      <Col span={24}>
        <StatCards stats={stats} loading={loading} />
      </Col>
      <Col span={24} xl={12}>
        <Panel title={`近 ${DAYS} 天注册人数`} extra={data ? `按 ${data.businessTimeZone} 时间统计` : undefined}>
          {stats ? <RegistrationsChart data={stats.registrationsByDay} /> : <Skeleton active paragraph={{ rows: 6 }} />}
        </Panel>
      </Col>
      <Col span={24} xl={12}>
        <Panel title={`近 ${DAYS} 天收入（元）`} extra={data ? `按 ${data.businessTimeZone} 时间统计` : undefined}>
          {stats ? <RevenueChart data={stats.revenueByDay} /> : <Skeleton active paragraph={{ rows: 6 }} />}
        </Panel>
      </Col>
      <Col span={24}>
        <WorkerStatusCard />
      </Col>
    </Row>
  );
}
