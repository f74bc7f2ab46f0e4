import { ORDER_STATUSES, type OrderStatus } from "@gryx/contracts/orders";

export { ORDER_KINDS, ORDER_STATUSES, type OrderKind, type OrderStatus } from "@gryx/contracts/orders";

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
