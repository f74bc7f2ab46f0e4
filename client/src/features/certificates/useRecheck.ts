import { useState } from "react";
import { useMutation, useSubscription } from "@apollo/client/react";
import { errorMessage } from "../../shared/graphqlError";
import { toast } from "../site/toast";
import { CertificateCheckedSubscription, CheckCertificateStatusMutation } from "./operations";
import { STATUS_LABELS } from "./labels";

const resultText = (status: string, reason?: string | null) =>
  status === "valid"
    ? "检测完成：证书有效"
    : `检测完成：${STATUS_LABELS[status] ?? status}${reason ? `（${reason}）` : ""}`;

/**
 * 重新检测: asks check-status for one certificate and reloads (`reload`) when the answer is in, at once or, when the
 * worker took longer than the server waits ("checking"), when certificateChecked brings it. `checking` holds the
 * ids still being checked.
 */
export function useRecheck(reload: () => unknown) {
  const [check] = useMutation(CheckCertificateStatusMutation);
  const [checking, setChecking] = useState<Set<string>>(new Set());
  const done = (certificateId: string) =>
    setChecking((s) => {
      const next = new Set(s);
      next.delete(certificateId);
      return next;
    });
  useSubscription(CertificateCheckedSubscription, {
    onData: ({ data }) => {
      const t = data.data?.certificateChecked;
      if (!t) return;
      if (checking.has(t.certificateId))
        toast({ icon: t.status === "valid" ? "success" : "fail", content: resultText(t.status, t.reason) });
      done(t.certificateId);
      reload();
    },
  });
  const recheck = async (id: string) => {
    setChecking((s) => new Set(s).add(id));
    try {
      const { data } = await check({ variables: { id } });
      const t = data!.checkCertificateStatus;
      if (t.status === "checking") return toast({ content: "正在检测，结果稍后显示" });
      done(id);
      toast({ icon: t.status === "valid" ? "success" : "fail", content: resultText(t.status, t.reason) });
      reload();
    } catch (e) {
      done(id);
      toast({ icon: "fail", content: errorMessage(e) });
    }
  };
  return { recheck, checking };
}
