import { graphql } from "../../../gql";

/** Revocation incidents (掉签) for /admin/cert-tasks. */
export const AdminResignIncidentsQuery = graphql(`
  query AdminResignIncidents($page: Int, $pageSize: Int) {
    adminResignIncidents(page: $page, pageSize: $pageSize) {
      items {
        id
        certificateId
        certificateName
        foundAt
        foundBy
        status
        finishedAt
        tasksTotal
        tasksRepaired
        tasksFailed
        tasksOpen
        usersAffected
      }
      total
      page
      pageSize
    }
  }
`);

export const AdminResignIncidentItemsQuery = graphql(`
  query AdminResignIncidentItems($id: ID!) {
    adminResignIncidentItems(id: $id) {
      id
      taskId
      username
      appName
      status
      replacementName
      replacementSource
      errorMessage
      updatedAt
    }
  }
`);

export const RetryResignIncidentMutation = graphql(`
  mutation RetryResignIncident($id: ID!) {
    adminRetryResignIncident(id: $id) {
      id
      status
      tasksOpen
      tasksFailed
    }
  }
`);
