/** Kinds of card keys. `certificate` (a mall package) is added when the mall exists; until then only `balance`. */
export const CARD_KEY_KINDS = ["balance", "certificate"] as const;
export type CardKeyKind = (typeof CARD_KEY_KINDS)[number];
