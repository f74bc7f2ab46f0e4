import { useState } from "react";

export type AuthDialog = "login" | "register" | null;

/**
 * State of the home page's login and register dialogs. A card opened by a guest is kept as
 * `target` and opened once the login succeeds.
 */
export function useAuthDialogs() {
  const [open, setOpen] = useState<AuthDialog>(null);
  const [username, setUsername] = useState<string | undefined>();
  const [target, setTarget] = useState<string | null>(null);
  return {
    open,
    username,
    target,
    openLogin(nextTarget: string | null = null, prefill?: string) {
      setTarget(nextTarget);
      setUsername(prefill);
      setOpen("login");
    },
    openRegister() {
      setOpen("register");
    },
    close() {
      setOpen(null);
    },
  };
}

export type AuthDialogsController = ReturnType<typeof useAuthDialogs>;
