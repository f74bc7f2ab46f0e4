import { lazy, Suspense, useState, type ReactNode } from "react";
import { useShownOnce } from "../../shared/ui/lazyShown";
import { useLogout } from "./useLogout";

const loadConfirm = () => import("./LogoutConfirm");
const LogoutConfirm = lazy(loadConfirm);

interface Props {
  className?: string;
  label?: string;
  children: ReactNode;
}

/** A logout button guarded by the 确认退出 dialog; a refused logout shows an alert. */
export function LogoutButton({ className, label, children }: Props) {
  const [asking, setAsking] = useState(false);
  const shown = useShownOnce(asking);
  const { logout, pending } = useLogout();

  async function confirm() {
    setAsking(false);
    if (!(await logout())) (await loadConfirm()).alertLogoutFailed();
  }

  return (
    <>
      <button type="button" className={className} aria-label={label} disabled={pending} onClick={() => setAsking(true)}>
        {children}
      </button>
      {shown && (
        <Suspense fallback={null}>
          <LogoutConfirm visible={asking} onCancel={() => setAsking(false)} onConfirm={confirm} />
        </Suspense>
      )}
    </>
  );
}
