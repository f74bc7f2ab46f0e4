/** A QQ group users can join (spec section 3). */
export interface QQGroup {
  id: string;
  name: string;
  number: string;
}
