import { useState } from "react";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { graphql } from "../../gql";
import { isUnauthenticated } from "../../shared/graphqlError";
import { session } from "../../shared/session";

// Here rather than with the other account operations: every back office page has the logout button, and would load
// them all (login, registration, password reset) with it.
const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

export const LOGOUT_TEXTS = {
  title: "确认退出",
  message: "您确定要退出登录吗？",
  cancel: "取消",
  confirm: "确定",
  failed: "退出登录失败，请重试",
} as const;

/** Ends the session on the server, then locally. Resolves false when the server refused. */
export function useLogout() {
  const client = useApolloClient();
  const [mutate] = useMutation(LogoutMutation);
  const [pending, setPending] = useState(false);

  async function logout(): Promise<boolean> {
    setPending(true);
    try {
      await mutate();
    } catch (error) {
      // an expired token is as logged out as it gets
      if (!isUnauthenticated(error)) return false;
    } finally {
      setPending(false);
    }
    session.end();
    await client.clearStore();
    return true;
  }

  return { logout, pending };
}
