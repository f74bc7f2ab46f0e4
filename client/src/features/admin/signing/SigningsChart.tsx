import { DayCountChart } from "../dashboard/DayCountChart";

/** Signings per business day as bars (the dashboard's chart), the count above each day that has any. */
export function SigningsChart({ data }: { data: readonly { day: string; count: number }[] }) {
  return <DayCountChart data={data.map((d) => ({ date: d.day, count: d.count }))} noun="签名次数" unit="次" />;
}
