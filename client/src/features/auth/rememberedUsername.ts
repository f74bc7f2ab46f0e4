import { LOCAL_KEYS, readItem, removeItem, writeItem } from "../../shared/storage";

export const rememberedUsername = {
  get: (): string => readItem("local", LOCAL_KEYS.rememberedUsername) ?? "",
  /** Kept when the box is ticked, cleared when it is not. */
  apply(username: string, remember: boolean): void {
    if (remember) writeItem("local", LOCAL_KEYS.rememberedUsername, username);
    else removeItem("local", LOCAL_KEYS.rememberedUsername);
  },
};
