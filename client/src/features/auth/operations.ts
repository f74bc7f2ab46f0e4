import { graphql } from "../../gql";

graphql(`
  fragment SessionUserFields on User {
    id
    username
    role
    permissions
    email
  }
`);

export const LoginMutation = graphql(`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      token
      user {
        ...SessionUserFields
      }
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($username: String!, $password: String!, $email: String) {
    register(username: $username, password: $password, email: $email) {
      id
      username
    }
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      ...SessionUserFields
      disabled
      createdAt
      lastLoginAt
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {
    changePassword(oldPassword: $oldPassword, newPassword: $newPassword)
  }
`);

export const ForgotPasswordMutation = graphql(`
  mutation ForgotPassword($username: String!) {
    forgotPassword(username: $username)
  }
`);

export const VerifyResetCodeMutation = graphql(`
  mutation VerifyResetCode($username: String!, $code: String!) {
    verifyResetCode(username: $username, code: $code)
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($username: String!, $code: String!, $newPassword: String!) {
    resetPassword(username: $username, code: $code, newPassword: $newPassword)
  }
`);

export const ResendResetCodeMutation = graphql(`
  mutation ResendResetCode($username: String!) {
    resendResetCode(username: $username)
  }
`);
