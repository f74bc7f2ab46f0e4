import { useCallback } from "react";
import { App } from "antd";
import { errorMessage } from "../../../shared/graphqlError";

/**
 * Runs an admin action and tells the admin how it went: the success text as a toast, or the server's message
 * (else the shared catalogue's text) as an error toast. Resolves true when the action succeeded.
 */
export function useAdminAction() {
  const { message } = App.useApp();
  return useCallback(
    async (action: () => Promise<unknown>, done?: string, failed?: string): Promise<boolean> => {
      try {
        await action();
        if (done) message.success(done);
        return true;
      } catch (error) {
        const text = errorMessage(error);
        message.error(failed && text !== failed ? `${failed}：${text}` : text);
        return false;
      }
    },
    [message],
  );
}
