import { useCallback } from "react";

import { errorMessage } from "../../../shared/graphqlError";
import { failureText } from "./failureText";
import { useFeedback } from "../shell/feedback";

/**
 * Runs an admin action and tells the admin how it went: the success text as a toast, or the server's message
 * (else the shared catalogue's text) as an error toast, after `failed` ("更新费用失败：…") when given.
 * Resolves true when the action succeeded.
 */
export function useAdminAction() {
  const { message } = useFeedback();
  return useCallback(
    async (action: () => Promise<unknown>, done?: string, failed?: string): Promise<boolean> => {
      try {
        await action();
        if (done) message.success(done);
        return true;
      } catch (error) {
        const text = errorMessage(error);
        message.error(failed ? failureText(new Error(text), failed) : text);
        return false;
      }
    },
    [message],
  );
}
