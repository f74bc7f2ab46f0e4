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
    }
  }
`);
