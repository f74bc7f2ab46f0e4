export const ORDER_KINDS = ["recharge", "app", "dylib", "resource-share", "traffic", "certificate", "signing"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "closed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The status machine: the states each state may move to. pending → paid → fulfilled; pending → closed (unpaid in
 * time); paid or fulfilled → refunded (an admin, crediting the wallet). A wallet purchase is paid and fulfilled at once.
 */
const ORDER_TRANSITIONS: { readonly [S in OrderStatus]: readonly OrderStatus[] } = {
  pending: ["paid", "closed"],
  paid: ["fulfilled", "refunded"],
  fulfilled: ["refunded"],
  closed: [],
  refunded: [],
};

/** The states from which `to` may be reached. */
export const statesBefore = (to: OrderStatus): OrderStatus[] =>
  ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].includes(to));
