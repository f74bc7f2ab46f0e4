import { useEffect, useState } from "react";
import { useSubscription } from "@apollo/client/react";
import { wsStatus } from "../../app/wsLink";
import { SigningTaskUpdatedSubscription } from "./operations";

/**
 * Follows the caller's signing tasks live: one signingTaskUpdated subscription for all of them (each update lands in
 * the Apollo cache under its task, so every card showing that task moves). `socketDown` is true while the socket is
 * not connected or the subscription failed: the cards then poll their task every 3 s.
 */
export function useLiveTasks(onUpdate?: (task: { id: string; status: string }) => void): { socketDown: boolean } {
  const [up, setUp] = useState(wsStatus.get());
  useEffect(() => wsStatus.subscribe(setUp), []);
  const live = useSubscription(SigningTaskUpdatedSubscription, {
    onData: ({ data }) => {
      const t = data.data?.signingTaskUpdated;
      if (t && onUpdate) onUpdate(t);
    },
  });
  return { socketDown: !up || !!live.error };
}
