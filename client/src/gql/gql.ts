/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminDashboard($days: Int!) {\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n    }\n  }\n": typeof types.AdminDashboardDocument,
    "\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n": typeof types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n": typeof types.AdminCreateUserDocument,
    "\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n": typeof types.AdminSetUserDisabledDocument,
    "\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": typeof types.AdminSetUserRoleDocument,
    "\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n": typeof types.SessionUserFieldsFragmentDoc,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n": typeof types.VerifyResetCodeDocument,
    "\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n": typeof types.ResendResetCodeDocument,
};
const documents: Documents = {
    "\n  query AdminDashboard($days: Int!) {\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n": types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n": types.AdminCreateUserDocument,
    "\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n": types.AdminSetUserDisabledDocument,
    "\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": types.AdminSetUserRoleDocument,
    "\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n": types.SessionUserFieldsFragmentDoc,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n": types.RegisterDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n": types.MeDocument,
    "\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n": types.VerifyResetCodeDocument,
    "\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n": types.ResetPasswordDocument,
    "\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n": types.ResendResetCodeDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboard($days: Int!) {\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboard($days: Int!) {\n    adminDashboard {\n      totalUsers\n      adminUsers\n      disabledUsers\n      newUsersToday\n      registrationsByDay(days: $days) {\n        date\n        count\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n"): (typeof documents)["\n  fragment AdminUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n    disabled\n    createdAt\n    lastLoginAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($search: String, $page: Int!, $pageSize: Int!) {\n    adminUsers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      items {\n        ...AdminUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateUser($input: AdminCreateUserInput!) {\n    adminCreateUser(input: $input) {\n      ...AdminUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    adminSetUserDisabled(id: $id, disabled: $disabled) {\n      id\n      disabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserRole($id: ID!, $role: String!) {\n    adminSetUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n"): (typeof documents)["\n  fragment SessionUserFields on User {\n    id\n    username\n    role\n    permissions\n    email\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      user {\n        ...SessionUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  mutation Register($username: String!, $password: String!, $email: String) {\n    register(username: $username, password: $password, email: $email) {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUserFields\n      disabled\n      createdAt\n      lastLoginAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($username: String!) {\n    forgotPassword(username: $username)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n"): (typeof documents)["\n  mutation VerifyResetCode($username: String!, $code: String!) {\n    verifyResetCode(username: $username, code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {\n    resetPassword(username: $username, code: $code, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n"): (typeof documents)["\n  mutation ResendResetCode($username: String!) {\n    resendResetCode(username: $username)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;