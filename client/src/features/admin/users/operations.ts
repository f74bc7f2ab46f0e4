import { graphql } from "../../../gql";

graphql(`
  fragment AdminUserFields on User {
    id
    username
    role
    permissions
    email
    disabled
    createdAt
    lastLoginAt
  }
`);

export const AdminUsersQuery = graphql(`
  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {
    businessTimeZone
    adminUsers(search: $search, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        ...AdminUserFields
      }
    }
  }
`);

export const AdminCreateUserMutation = graphql(`
  mutation AdminCreateUser($input: AdminCreateUserInput!) {
    adminCreateUser(input: $input) {
      ...AdminUserFields
    }
  }
`);

export const AdminSetUserDisabledMutation = graphql(`
  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {
    adminSetUserDisabled(id: $id, disabled: $disabled) {
      id
      disabled
    }
  }
`);

export const AdminSetUserRoleMutation = graphql(`
  mutation AdminSetUserRole($id: ID!, $role: String!) {
    adminSetUserRole(id: $id, role: $role) {
      id
      role
    }
  }
`);

export const StaffPermissionsQuery = graphql(`
  query StaffPermissions {
    staffPermissions {
      key
      label
    }
  }
`);

export const AdminSetUserPermissionsMutation = graphql(`
  mutation AdminSetUserPermissions($id: ID!, $permissions: [String!]!) {
    adminSetUserPermissions(id: $id, permissions: $permissions) {
      id
      permissions
    }
  }
`);
