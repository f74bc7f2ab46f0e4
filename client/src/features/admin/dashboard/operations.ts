import { graphql } from "../../../gql";

export const AdminDashboardQuery = graphql(`
  query AdminDashboard($days: Int!) {
    adminDashboard {
      totalUsers
      adminUsers
      disabledUsers
      newUsersToday
      registrationsByDay(days: $days) {
        date
        count
      }
    }
  }
`);

export const WorkerStatusQuery = graphql(`
  query WorkerStatus {
    workerStatus {
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
  }
`);

export const WorkerStatusChangedSubscription = graphql(`
  subscription WorkerStatusChanged {
    workerStatusChanged {
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
  }
`);
