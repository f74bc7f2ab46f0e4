import { graphql } from "../../../gql";

export const AdminDashboardQuery = graphql(`
  query AdminDashboard($days: Int!) {
    businessTimeZone
    adminDashboard {
      totalUsers
      adminUsers
      disabledUsers
      newUsersToday
      registrationsByDay(days: $days) {
        date
        count
      }
      revenueByDay(days: $days) {
        date
        recharges
        sales
        refunds
      }
    }
  }
`);

graphql(`
  fragment WorkerStatusFields on WorkerStatus {
    alive
    lastSeenAt
    workers {
      worker
      backend
      queues
      startedAt
      lastSeenAt
      alive
    }
  }
`);

export const WorkerStatusQuery = graphql(`
  query WorkerStatus {
    workerStatus {
      ...WorkerStatusFields
    }
  }
`);

/** The status at once, then after every worker heartbeat. */
export const WorkerStatusChangedSubscription = graphql(`
  subscription WorkerStatusChanged {
    workerStatusChanged {
      ...WorkerStatusFields
    }
  }
`);
